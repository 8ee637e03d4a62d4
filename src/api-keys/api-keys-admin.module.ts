import { Module } from '@nestjs/common';
import { ApiKeyModule } from './api-key.module';
import { ApiKeysAdminController } from './api-keys-admin.controller';

/** The admin API over keys (the API process only). */
@Module({
  imports: [ApiKeyModule],
  controllers: [ApiKeysAdminController],
})
export class ApiKeysAdminModule {}
