import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Thread ids strangers cannot abuse (issue 36):
 * - a customer's Message-ID is unique per submission and sender (`sender_hash`, the From address's keyed
 *   hash, '' for none and for our own mail), no longer across every submission: a stranger who used a
 *   Message-ID first made the real customer's mail a silent duplicate. The index leads with message_id,
 *   so finding the outgoing message a Message-ID names still uses it.
 * - `legacy_root` marks the outgoing messages stored before this change: their mail named the
 *   submission's root as `submission.<id>@domain`, a form anyone who knows the id can write. Their
 *   submissions keep it (and only they accept it); every other submission's root is an HMAC token
 *   (see ThreadIds). Rows stored before keep `sender_hash` '': their Message-IDs were unique anyway, and
 *   a new copy of one is compared by its opened address (see CustomerMessages).
 */
export class MailIdsPerSender1795397402000 implements MigrationInterface {
  name = 'MailIdsPerSender1795397402000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE conversation_messages
      ADD COLUMN sender_hash VARCHAR(64) NOT NULL DEFAULT '',
      ADD COLUMN legacy_root TINYINT NOT NULL DEFAULT 0,
      DROP KEY uq_conversation_messages_message_id,
      ADD UNIQUE KEY uq_conversation_messages_message_id_sender (message_id, submission_id, sender_hash)`);
    await queryRunner.query("UPDATE conversation_messages SET legacy_root = 1 WHERE kind <> 'customer'");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // One row per Message-ID again: of the copies only this change allowed, the first stays.
    await queryRunner.query(`DELETE later FROM conversation_messages later
      JOIN conversation_messages first ON first.message_id = later.message_id AND first.id < later.id`);
    await queryRunner.query(`ALTER TABLE conversation_messages
      DROP KEY uq_conversation_messages_message_id_sender,
      ADD UNIQUE KEY uq_conversation_messages_message_id (message_id),
      DROP COLUMN legacy_root,
      DROP COLUMN sender_hash`);
  }
}
