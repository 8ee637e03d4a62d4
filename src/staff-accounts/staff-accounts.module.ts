import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StaffAccountEntity } from './entities/staff-account.entity';
import { StaffAccountsRepository } from './staff-accounts.repository';
import { StaffAccountsService } from './staff-accounts.service';

@Module({
  imports: [TypeOrmModule.forFeature([StaffAccountEntity])],
  providers: [StaffAccountsRepository, StaffAccountsService],
  exports: [StaffAccountsService],
})
export class StaffAccountsModule {}
