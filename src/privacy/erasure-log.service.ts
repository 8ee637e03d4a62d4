import { Injectable, Logger } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { deriveKey } from '../config/derived-keys';
import { isDuplicateKey } from '../database/duplicate-key';
import { matchedEmail } from '../database/matched-email';
import { Transaction } from '../database/transactions';
import { ErasureKind, ErasureLogEntryEntity } from './entities/erasure-log-entry.entity';
import { ErasureLogRepository } from './erasure-log.repository';
import { SubmissionDeletion } from './submission-deletion.service';
import { SubmissionRetentionRepository } from '../submissions/lifecycle/submission-retention.repository';

/** Submissions read per query, and deleted per transaction, while an erasure is applied again. */
const PAGE_ROWS = 1000;

/** One entry as the mirror file and `privacy erasure-log` write it: one JSON object per line. */
export interface ErasureLogLine {
  id: string;
  kind: ErasureKind;
  hash: string;
  key_id: string;
  erased_at: string;
}

/** What applying the log again did. */
export interface ReapplyResult {
  /** Entries this database did not hold, now applied and added to it. */
  applied: number;
  /** Submissions those entries erased. */
  erased: number;
  /** Entries hashed under a key this installation no longer has: they cannot be matched. */
  unknownKey: number;
  /** Lines of the files read that are not an entry (cut short, edited), left out. */
  malformed: number;
}

const LINE_FORMAT = {
  id: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  hash: /^[0-9a-f]{64}$/,
  key_id: /^[0-9a-f]{16}$/,
};

/** An entry of a file, or null when the line is not one. */
function entryOf(line: string): ErasureLogEntryEntity | null {
  try {
    const parsed = JSON.parse(line) as Partial<ErasureLogLine>;
    const erasedAt = new Date(parsed.erased_at ?? '');
    if (
      parsed.kind !== 'email' ||
      !LINE_FORMAT.id.test(parsed.id ?? '') ||
      !LINE_FORMAT.hash.test(parsed.hash ?? '') ||
      !LINE_FORMAT.key_id.test(parsed.key_id ?? '') ||
      Number.isNaN(erasedAt.getTime())
    ) {
      return null;
    }
    return Object.assign(new ErasureLogEntryEntity(), {
      id: parsed.id,
      kind: parsed.kind,
      subjectHash: parsed.hash,
      keyId: parsed.key_id,
      erasedAt,
    });
  } catch {
    return null;
  }
}

/** An entry as one line of the file (with its newline). */
export function lineOf(entry: ErasureLogEntryEntity): string {
  const line: ErasureLogLine = {
    id: entry.id,
    kind: entry.kind,
    hash: entry.subjectHash,
    key_id: entry.keyId,
    erased_at: entry.erasedAt.toISOString(),
  };
  return `${JSON.stringify(line)}\n`;
}

/** The entries of a file of lines, and how many lines were not entries. */
export function parseErasureLog(text: string): { entries: ErasureLogEntryEntity[]; malformed: number } {
  const entries: ErasureLogEntryEntity[] = [];
  let malformed = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      continue;
    }
    const entry = entryOf(line);
    if (entry) {
      entries.push(entry);
    } else {
      malformed += 1;
    }
  }
  return { entries, malformed };
}

/**
 * The erasure log (issue 43, point 4), so a restored backup never brings an erased person back. Every
 * erasure appends an entry in its own transaction: what it named (the address) only as HMAC-SHA256
 * under a key derived from EMAIL_HASH_KEY when set, else from JWT_SECRET (the audit trail's
 * `email_hash` then), with the key's fingerprint and the time. Nothing in it names a person to
 * whoever lacks the key, so it can be kept, copied and exported freely.
 *
 * A database restored from a dump holds the entries of the erasures the dump already reflects (a
 * consistent dump holds an erasure and its entry, or neither); the later ones come back from outside
 * it: the mirror file (ERASURE_LOG_FILE, appended after each commit and topped up from the table at
 * every start) or an export (`privacy erasure-log`). Applying an entry the database does not hold
 * erases, again, every submission stored with that address no later than the erasure (a person who
 * wrote again afterwards keeps their new submissions) and adds the entry in that transaction, so each
 * entry is applied once per database however often it is offered, and processes that start together
 * may race: the second's duplicate key says the first did it.
 */
@Injectable()
export class ErasureLog {
  private readonly logger = new Logger(ErasureLog.name);
  /** By fingerprint: the keys an entry may be hashed under; `writeKeyId` hashes new entries. */
  private readonly keys = new Map<string, Buffer>();
  private readonly writeKeyId: string;
  private readonly file: string | null;
  private readonly sharedKey: boolean;

  constructor(
    private readonly entries: ErasureLogRepository,
    private readonly submissions: SubmissionRetentionRepository,
    private readonly deletion: SubmissionDeletion,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    const derived = [
      ...(config.privacy.emailHashKey ? [deriveKey(config.privacy.emailHashKey, 'erasure-log')] : []),
      // The audit trail's key (PrivacyService.emailHash), and those of secrets being rotated out.
      ...[config.auth.jwtSecret, ...config.auth.jwtPreviousSecrets].map((secret) => deriveKey(secret, 'email-hash')),
    ];
    for (const key of derived) {
      this.keys.set(createHmac('sha256', key).update('erasure log key id').digest('hex').slice(0, 16), key);
    }
    this.writeKeyId = [...this.keys.keys()][0];
    this.file = config.privacy.erasureLogFile;
    this.sharedKey = config.privacy.emailHashKey !== null || !config.auth.jwtSecretGenerated;
  }

  /**
   * Whether new entries are hashed under a key other processes share: EMAIL_HASH_KEY, or a JWT_SECRET
   * that is set. Without either each process makes up its own, and nobody can match its entries later.
   */
  get keyIsShared(): boolean {
    return this.sharedKey;
  }

  /** Whether entries are mirrored to ERASURE_LOG_FILE. */
  get mirrored(): boolean {
    return this.file !== null;
  }

  /** The entry of an erasure of this address (as typed: it is matched as erasure matches it). */
  entryForEmail(email: string): ErasureLogEntryEntity {
    return Object.assign(new ErasureLogEntryEntity(), {
      id: uuidv7(),
      kind: 'email' as const,
      subjectHash: this.hashUnder(this.keys.get(this.writeKeyId)!, email),
      keyId: this.writeKeyId,
      erasedAt: this.clock.now(),
    });
  }

  /** Appends `entry` in the erasure's transaction, and to the mirror file once that has committed. */
  async record(entry: ErasureLogEntryEntity, tx: Transaction): Promise<void> {
    await this.entries.append([entry], tx);
  }

  /**
   * Appends `entry` to the mirror file (and syncs it) before the erasure deletes anything: an erasure
   * the file cannot hold fails before it starts, and one cut short (a crash, a failed batch) is in the
   * file, so the next start finishes it. Were the file written after commit, a full disk or a crash in
   * between would leave an erasure no restore could know of.
   */
  async writeAhead(entry: ErasureLogEntryEntity): Promise<void> {
    if (this.file !== null) {
      await this.appendToFile([entry]);
    }
  }

  /** The database's whole log as lines (`privacy erasure-log`). */
  async export(): Promise<string[]> {
    return (await this.entries.all()).map(lineOf);
  }

  /**
   * The entries of a file, and how many of its lines were not entries. A missing mirror file has none
   * (the first start); a missing export is an error (a mistyped path must not read as "nothing to do").
   */
  async read(
    path: string,
    missing: 'none' | 'error' = 'error',
  ): Promise<{ entries: ErasureLogEntryEntity[]; malformed: number }> {
    try {
      return parseErasureLog(await readFile(path, 'utf8'));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && missing === 'none') {
        return { entries: [], malformed: 0 };
      }
      throw new Error(`cannot read the erasure log ${path}: ${code ?? (error as Error).message}`, { cause: error });
    }
  }

  /**
   * At start-up and by `privacy reapply-erasures`: applies every entry of the mirror file (when set) and
   * of `extra` (an export) that this database does not hold, then appends to the mirror file the
   * table's entries it lacks. With nothing missing it reads the file and the table's ids only.
   */
  async reapply(actor: Actor, extra: ErasureLogEntryEntity[] = [], extraMalformed = 0): Promise<ReapplyResult> {
    const mirror = this.file !== null ? await this.read(this.file, 'none') : { entries: [], malformed: 0 };
    const offered = new Map([...mirror.entries, ...extra].map((entry) => [entry.id, entry]));
    const known = await this.entries.known([...offered.keys()]);
    const missing = [...offered.values()].filter((entry) => !known.has(entry.id));
    const usable = missing.filter((entry) => this.keys.has(entry.keyId));
    const result: ReapplyResult = {
      applied: 0,
      erased: 0,
      unknownKey: missing.length - usable.length,
      malformed: mirror.malformed + extraMalformed,
    };
    if (result.unknownKey > 0) {
      this.logger.warn(
        `${result.unknownKey} erasure log entr${result.unknownKey === 1 ? 'y was' : 'ies were'} hashed under a key ` +
          'this installation no longer has (EMAIL_HASH_KEY or JWT_SECRET changed): not applied',
      );
    }
    if (usable.length > 0) {
      const { applied, erased } = await this.apply(usable, actor);
      result.applied = applied;
      result.erased = erased;
      this.logger.log(`Applied ${applied} erasure(s) missing from this database again: ${erased} submission(s) erased`);
    }
    if (this.file !== null) {
      const inFile = new Set(mirror.entries.map((entry) => entry.id));
      // Even with nothing to add: opening it for appending is the check that erasures can be mirrored.
      await this.appendToFile((await this.entries.all()).filter((entry) => !inFile.has(entry.id)));
    }
    return result;
  }

  /**
   * One pass over the submissions stored no later than the newest of `missing`, opening each address
   * and hashing it under the keys the entries name; then, per address, its submissions are deleted
   * 1,000 per transaction, the last of which adds its entries.
   */
  private async apply(missing: ErasureLogEntryEntity[], actor: Actor): Promise<{ applied: number; erased: number }> {
    const subjects = new Map<string, { entries: ErasureLogEntryEntity[]; upTo: Date; ids: string[] }>();
    for (const entry of missing) {
      const subject = `${entry.keyId}:${entry.subjectHash}`;
      const found = subjects.get(subject) ?? { entries: [], upTo: entry.erasedAt, ids: [] };
      found.entries.push(entry);
      found.upTo = entry.erasedAt > found.upTo ? entry.erasedAt : found.upTo;
      subjects.set(subject, found);
    }
    const keyIds = [...new Set(missing.map((entry) => entry.keyId))];
    const newest = new Date(Math.max(...missing.map((entry) => entry.erasedAt.getTime())));
    for (let afterId = ''; ;) {
      const page = await this.submissions.addressPage(afterId, newest, PAGE_ROWS);
      if (page.length === 0) {
        break;
      }
      afterId = page[page.length - 1].id;
      for (const row of page) {
        if (row.email === null) {
          continue;
        }
        for (const keyId of keyIds) {
          const subject = subjects.get(`${keyId}:${this.hashUnder(this.keys.get(keyId)!, row.email)}`);
          if (subject && row.createdAt <= subject.upTo) {
            subject.ids.push(row.id);
          }
        }
      }
    }
    let applied = 0;
    let erased = 0;
    for (const subject of subjects.values()) {
      let removed = 0;
      try {
        for (let start = 0; start === 0 || start < subject.ids.length; start += PAGE_ROWS) {
          const last = start + PAGE_ROWS >= subject.ids.length;
          removed += await this.deletion.delete(
            subject.ids.slice(start, start + PAGE_ROWS),
            // The entries go with the last deletion; the mirror file gets them when reapply tops it up.
            last ? (tx) => this.entries.append(subject.entries, tx) : undefined,
          );
        }
      } catch (error) {
        if (!isDuplicateKey(error)) {
          throw error;
        }
        // Another process starting beside this one applied it first.
        continue;
      }
      applied += subject.entries.length;
      erased += removed;
      await this.audit.record(actor, {
        action: 'privacy.erasure_reapplied',
        after: { email_hash: subject.entries[0].subjectHash, key_id: subject.entries[0].keyId, submissions: removed },
      });
    }
    return { applied, erased };
  }

  private hashUnder(key: Buffer, email: string): string {
    return createHmac('sha256', key).update(matchedEmail(email)).digest('hex');
  }

  /** Appends whole lines and waits for the disk, so an entry the file holds survives a crash. */
  private async appendToFile(entries: ErasureLogEntryEntity[]): Promise<void> {
    const handle = await open(this.file!, 'a', 0o600).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`ERASURE_LOG_FILE: cannot append to ${this.file}: ${error.code ?? error.message}`, {
        cause: error,
      });
    });
    try {
      if (entries.length > 0) {
        await handle.appendFile(entries.map(lineOf).join(''));
        await handle.datasync();
      }
    } finally {
      await handle.close();
    }
  }
}
