import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { ChecksummedSecret } from '../api-keys/api-key-format';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { sha256Hex } from '../database/sha256';
import { ApiException } from '../http/api-exception';
import { StaffTokenEntity } from './entities/staff-token.entity';
import { StaffAccountsService } from './staff-accounts.service';
import { StaffTokensRepository } from './staff-tokens.repository';

export const staffTokenFormat = new ChecksummedSecret('st_');

/** Staff API tokens: created and revoked from the command line, sent as `Authorization: Bearer st_...`. */
@Injectable()
export class StaffTokensService {
  constructor(
    private readonly tokens: StaffTokensRepository,
    private readonly accounts: StaffAccountsService,
    private readonly audit: AuditService,
  ) {}

  /** A new token for an account; the clear token is returned once and never stored. */
  async create(staffAccountId: string, name: string, actor: Actor): Promise<{ token: string; row: StaffTokenEntity }> {
    await this.accounts.get(staffAccountId);
    const trimmed = name.trim();
    if (trimmed.length === 0 || [...trimmed].length > 100) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'the token name must be 1 to 100 characters');
    }
    const token = staffTokenFormat.generate();
    const row: StaffTokenEntity = {
      id: uuidv7(),
      staffAccountId,
      name: trimmed,
      tokenHash: sha256Hex(token),
      prefix: staffTokenFormat.displayPrefixOf(token),
      createdAt: new Date(),
      revokedAt: null,
    };
    await this.tokens.insert(row);
    await this.audit.record(actor, {
      action: 'staff_token.created',
      target: { type: 'staff_token', id: row.id },
      after: { staff_id: staffAccountId, name: row.name, prefix: row.prefix },
    });
    return { token, row };
  }

  async revoke(id: string, actor: Actor): Promise<{ row: StaffTokenEntity; revokedNow: boolean }> {
    const row = await this.tokens.findById(id);
    if (!row) {
      // Detailed for the CLI; the HTTP answer is the contract's fixed `Not found`.
      throw new NotFoundException(`No staff token with id ${id}`);
    }
    const revokedNow = await this.tokens.revoke(id, new Date());
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
    return (await this.tokens.findActiveByHash(sha256Hex(token)))?.staffAccountId ?? null;
  }
}
