import { Module } from '@nestjs/common';
import { StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { ApiKeyModule } from './api-key.module';
import { ApiKeysAdminController } from './api-keys-admin.controller';

/** The admin API over keys (the API process only). */
@Module({
  imports: [ApiKeyModule, StaffAuthModule],
  controllers: [ApiKeysAdminController],
})
export class ApiKeysAdminModule {}
