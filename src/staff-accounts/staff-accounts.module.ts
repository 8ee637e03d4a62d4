import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimitModule } from '../rate-limits/rate-limit.module';
import { StaffAccountEntity } from './entities/staff-account.entity';
import { StaffSessionGuard } from './guards/staff-session.guard';
import { StaffAuthController } from './staff-auth.controller';
import { StaffAuthService } from './staff-auth.service';
import { StaffSessionsService } from './staff-sessions.service';
import { StaffAccountsRepository } from './staff-accounts.repository';
import { StaffAccountsService } from './staff-accounts.service';

@Module({
  imports: [TypeOrmModule.forFeature([StaffAccountEntity])],
  providers: [StaffAccountsRepository, StaffAccountsService],
  exports: [StaffAccountsService, StaffAccountsRepository],
})
export class StaffAccountsModule {}

/** Staff sign-in and sessions over HTTP (the API only: sessions live in Redis). */
@Module({
  imports: [StaffAccountsModule, RateLimitModule],
  controllers: [StaffAuthController],
  providers: [StaffSessionsService, StaffAuthService, StaffSessionGuard],
  exports: [StaffAuthService, StaffSessionGuard],
})
export class StaffAuthModule {}
