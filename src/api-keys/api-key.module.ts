import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyService } from './api-key.service';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeyEntity } from './entities/api-key.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity])],
  providers: [ApiKeysRepository, ApiKeyService],
  exports: [ApiKeyService, ApiKeysRepository],
})
export class ApiKeyModule {}
