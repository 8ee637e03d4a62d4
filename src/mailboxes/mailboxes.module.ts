import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailboxConnectionEntity } from './entities/mailbox-connection.entity';
import { MailboxConnectionsRepository } from './mailbox-connections.repository';
import { MailboxCredentials } from './mailbox-credentials';

/** The mailbox's connection and credentials (mail/ asks it how to sign in; every process that polls or sends). */
@Module({
  imports: [TypeOrmModule.forFeature([MailboxConnectionEntity])],
  providers: [MailboxConnectionsRepository, MailboxCredentials],
  exports: [MailboxConnectionsRepository, MailboxCredentials],
})
export class MailboxesModule {}
