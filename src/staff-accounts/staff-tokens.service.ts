import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { ChecksummedSecret } from '../api-keys/api-key-format';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../clock/clock';
import { sha256Hex } from '../database/sha256';
import { ApiException } from '../http/api-exception';
import { StaffTokenEntity } from './entities/staff-token.entity';
import { StaffAccountsService } from './staff-accounts.service';
import { StaffTokensRepository } from './staff-tokens.repository';

export const staffTokenFormat = new ChecksummedSecret('st_');

/** How long a token lives unless its creator says otherwise. */
export const DEFAULT_TOKEN_DAYS = 90;
const DAY_MS = 86_400_000;

/** A token's state as `staff token list` shows it. */
function tokenStateOf(token: StaffTokenEntity, now: Date): 'active' | 'revoked' | 'expired' {
  return token.revokedAt ? 'revoked' : token.expiresAt && token.expiresAt <= now ? 'expired' : 'active';
}

/** Staff API tokens: created and revoked from the command line, sent as `Authorization: Bearer st_...`. */
@Injectable()
export class StaffTokensService {
  constructor(
    private readonly tokens: StaffTokensRepository,
    private readonly accounts: StaffAccountsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * A new token for an account; the clear token is returned once and never stored. It expires after
   * `expiresInDays` (null: never). A disabled account gets none: it would be dead on arrival.
   */
  async create(
    staffAccountId: string,
    name: string,
    actor: Actor,
    expiresInDays: number | null = DEFAULT_TOKEN_DAYS,
  ): Promise<{ token: string; row: StaffTokenEntity }> {
    const account = await this.accounts.get(staffAccountId);
    if (account.disabledAt) {
      throw new ApiException(HttpStatus.CONFLICT, 'the staff account is disabled: enable it first');
    }
    if (expiresInDays !== null && (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > 3650)) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'the expiry must be 1 to 3650 days, or never');
    }
    const trimmed = name.trim();
    if (trimmed.length === 0 || [...trimmed].length > 100) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'the token name must be 1 to 100 characters');
    }
    const token = staffTokenFormat.generate();
    const createdAt = this.clock.now();
    const row: StaffTokenEntity = {
      id: uuidv7(),
      staffAccountId,
      name: trimmed,
      tokenHash: sha256Hex(token),
      prefix: staffTokenFormat.displayPrefixOf(token),
      createdAt,
      revokedAt: null,
      expiresAt: expiresInDays === null ? null : new Date(createdAt.getTime() + expiresInDays * DAY_MS),
    };
    await this.tokens.insert(row);
    await this.audit.record(actor, {
      action: 'staff_token.created',
      target: { type: 'staff_token', id: row.id },
      after: { staff_id: staffAccountId, name: row.name, prefix: row.prefix, expires_at: row.expiresAt },
    });
    return { token, row };
  }

  async revoke(id: string, actor: Actor): Promise<{ row: StaffTokenEntity; revokedNow: boolean }> {
    const row = await this.tokens.findById(id);
    if (!row) {
      // Detailed for the CLI; the HTTP answer is the contract's fixed `Not found`.
      throw new NotFoundException(`No staff token with id ${id}`);
    }
    const revokedNow = await this.tokens.revoke(id, this.clock.now());
    if (revokedNow) {
      await this.audit.record(actor, { action: 'staff_token.revoked', target: { type: 'staff_token', id } });
    }
    return { row, revokedNow };
  }

  /** The account id of an active, well-formed token; null otherwise (a bad checksum costs no query). */
  async accountIdOf(token: string): Promise<string | null> {
    if (!staffTokenFormat.isWellFormed(token)) {
      return null;
    }
    return (await this.tokens.findActiveByHash(sha256Hex(token), this.clock.now()))?.staffAccountId ?? null;
  }

  /** Every token (or an account's), newest first, each with its state now; never the token itself. */
  async list(staffAccountId?: string): Promise<{ token: StaffTokenEntity; state: ReturnType<typeof tokenStateOf> }[]> {
    const now = this.clock.now();
    return (await this.tokens.list(staffAccountId)).map((token) => ({ token, state: tokenStateOf(token, now) }));
  }
}
