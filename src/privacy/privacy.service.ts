import { HttpStatus, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import { deriveKey } from '../config/derived-keys';
import { FieldCipher, SEALED_COLUMNS, SealedTable } from '../database/field-cipher';
import { matchedEmail } from '../database/matched-email';
import { SealedRowsRepository } from '../database/sealed-rows.repository';
import { ApiException } from '../http/api-exception';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { toStaffSubmission, unreadableOf } from '../submissions/staff-api/staff-submission';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { ErasureLog } from './erasure-log.service';
import { PersonalDataPorts } from './personal-data-ports';
import { SubmissionDeletion } from './submission-deletion.service';

/** At most this many rows per statement: short locks, even on a large table. */
export const BATCH_ROWS = 1000;

/** What `privacy reencrypt` did: rows moved per table, and rows left alone because they do not open. */
export type ReencryptCounts = Record<SealedTable, number> & { unreadable: number };

/** Everything stored about one e-mail address, as `privacy export` and the admin route return it. */
export interface PersonalDataExport {
  email: string;
  exported_at: string;
  submissions: Record<string, unknown>[];
}

/** The address as typed, trimmed, if it is one (matching is FieldCipher's: see matchedEmail). */
function normalizedEmail(raw: string): string {
  const email = raw.trim();
  if (email === '' || email.length > 254 || !email.includes('@')) {
    throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: email');
  }
  return email;
}

/**
 * A person's rights over their data: export and erasure of everything stored with their e-mail
 * address. Both are audit events that name the address only as a keyed hash.
 */
@Injectable()
export class PrivacyService {
  private readonly hashKey: Buffer;

  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly ports: PersonalDataPorts,
    private readonly sealedRows: SealedRowsRepository,
    private readonly deletion: SubmissionDeletion,
    private readonly erasureLog: ErasureLog,
    private readonly audit: AuditService,
    private readonly cipher: FieldCipher,
    config: AppConfig,
  ) {
    this.hashKey = deriveKey(config.auth.jwtSecret, 'email-hash');
  }

  /**
   * HMAC-SHA256 of the address as matched: the audit trail can tell two requests about the same
   * person apart from others without holding the address.
   */
  emailHash(email: string): string {
    return createHmac('sha256', this.hashKey)
      .update(matchedEmail(normalizedEmail(email)))
      .digest('hex');
  }

  async countByEmail(rawEmail: string): Promise<number> {
    return (await this.submissionsByEmail(normalizedEmail(rawEmail))).length;
  }

  /**
   * By `email_hash`, under every configured key, then compared as matchedEmail does: the address in
   * NFC and any ASCII letter case, never another address that Unicode case folding makes look alike.
   */
  private async submissionsByEmail(email: string): Promise<SubmissionEntity[]> {
    const candidates = await this.submissions.findByEmailHashes(this.cipher.emailHashes(email));
    return candidates.filter((row) => this.cipher.isSameEmail(row, email));
  }

  async export(rawEmail: string, actor: Actor): Promise<PersonalDataExport> {
    const email = normalizedEmail(rawEmail);
    const rows = await this.submissionsByEmail(email);
    const ids = rows.map((row) => row.id);
    // Each room's fields (tags, notes, channels, webhooks, messages, files, rating), in the ports' order.
    const rooms = await Promise.all(
      this.ports.inOrder().flatMap(({ port }) => (port.exportOfSubmissions ? [port.exportOfSubmissions(ids)] : [])),
    );
    const submissions = rows.map((row) => {
      const exported: Record<string, unknown> = {
        // Its fields come from the submissions room's port below.
        ...toStaffSubmission(row, '', []),
        ...unreadableOf(row),
        api_key: { id: row.apiKeyId },
        client_ip: row.clientIp,
        user_agent: row.userAgent,
        status: row.status,
        delivery_state: row.state,
        priority: row.priority,
      };
      for (const fieldsOf of rooms) {
        Object.assign(exported, fieldsOf(row.id));
      }
      return exported;
    });
    await this.audit.record(actor, {
      action: 'privacy.exported',
      after: { email_hash: this.emailHash(email), submissions: submissions.length },
    });
    return { email, exported_at: new Date().toISOString(), submissions };
  }

  /**
   * Deletes every submission with this address (and what hangs on them) and their queued jobs. The
   * erasure log's entry is in the mirror file before anything is deleted (ErasureLog.writeAhead), and
   * in the table with the last batch (alone when nothing matched: a restored backup may still hold the
   * person), so the table says "done" only once all of it is.
   */
  async erase(rawEmail: string, actor: Actor): Promise<{ erased: number }> {
    const email = normalizedEmail(rawEmail);
    const ids = (await this.submissionsByEmail(email)).map((row) => row.id);
    const entry = this.erasureLog.entryForEmail(email);
    await this.erasureLog.writeAhead(entry);
    let erased = 0;
    for (let start = 0; start === 0 || start < ids.length; start += BATCH_ROWS) {
      const last = start + BATCH_ROWS >= ids.length;
      erased += await this.deletion.delete(
        ids.slice(start, start + BATCH_ROWS),
        last ? (tx) => this.erasureLog.record(entry, tx) : undefined,
      );
    }
    await this.audit.record(actor, {
      action: 'privacy.erased',
      after: { email_hash: this.emailHash(email), submissions: erased },
    });
    return { erased };
  }

  /**
   * Moves every submission, note and webhook secret not sealed with the current key (in clear, or
   * under an older key) to it, `batch` rows at a time; each row is rewritten only if nobody moved it
   * meanwhile, so runs may be interrupted, resumed, or run side by side. A row that cannot be
   * decrypted is left exactly as it is (its values are not known: writing them back would destroy
   * them) and counted. Returns the rows moved per table and the unreadable ones.
   */
  async reencrypt(
    actor: Actor,
    batch: number,
    onProgress: (table: SealedTable, moved: number) => void = () => undefined,
  ): Promise<ReencryptCounts> {
    const keyId = this.cipher.currentKeyId;
    if (keyId === null) {
      throw new ApiException(
        HttpStatus.BAD_REQUEST,
        'DATA_ENCRYPTION_KEYS is not set: there is no key to move rows to',
      );
    }
    const counts: ReencryptCounts = {
      submissions: 0,
      submission_notes: 0,
      webhook_destinations: 0,
      conversation_messages: 0,
      inbound_unmatched: 0,
      attachments: 0,
      mailbox_connections: 0,
      staff_totp: 0,
      satisfaction_surveys: 0,
      unreadable: 0,
    };
    for (const table of Object.keys(SEALED_COLUMNS) as SealedTable[]) {
      for (let afterId = ''; ;) {
        const rows = await this.sealedRows.notSealedWith(table, keyId, batch, afterId);
        if (rows.length === 0) {
          break;
        }
        afterId = rows[rows.length - 1].id;
        for (const row of rows) {
          if (row.unreadable !== undefined) {
            counts.unreadable += 1;
            continue;
          }
          const previousKeyId = row.encKeyId;
          const sealed = this.cipher.sealRow(table, row) as unknown as Record<string, string | null>;
          const columns = Object.fromEntries(SEALED_COLUMNS[table].map((column) => [column, sealed[column]]));
          if (row instanceof SubmissionEntity) {
            // The hash follows the key too (see FieldCipher.emailHash).
            columns.emailHash = row.email === null ? null : this.cipher.emailHash(row.email);
          }
          if (await this.sealedRows.reseal(table, { id: row.id, encKeyId: keyId }, previousKeyId, columns)) {
            counts[table] += 1;
          }
        }
        onProgress(table, counts[table]);
      }
    }
    await this.audit.record(actor, { action: 'privacy.reencrypted', after: { key_id: keyId, ...counts } });
    return counts;
  }
}
