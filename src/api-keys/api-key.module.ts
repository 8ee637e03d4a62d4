import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { ApiKeyService } from './api-key.service';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeyEntity } from './entities/api-key.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity]), AuditModule],
  providers: [ApiKeysRepository, ApiKeyService],
  exports: [ApiKeyService, ApiKeysRepository],
})
export class ApiKeyModule {}
