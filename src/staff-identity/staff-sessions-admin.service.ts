import { HttpStatus, Injectable } from '@nestjs/common';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../http/api-exception';
import { StaffAccountsService } from '../staff-accounts/staff-accounts.service';
import { StaffSessionsService } from '../staff-accounts/staff-sessions.service';
import { StaffSessionView } from './dto/staff-session.view';

/**
 * The sessions staff see and end: their own (Your account), and any account's for admins. An ended
 * session is refused on its next request by every API process (sessions live in Redis, read on each
 * request), and the ending is audited.
 */
@Injectable()
export class StaffSessionsAdminService {
  constructor(
    private readonly sessions: StaffSessionsService,
    private readonly accounts: StaffAccountsService,
    private readonly audit: AuditService,
  ) {}

  /** The account's live sessions; `currentSessionId` (the caller's cookie) marks its own. */
  async list(accountId: string, currentSessionId?: string): Promise<StaffSessionView[]> {
    await this.accounts.get(accountId);
    return (await this.sessions.list(accountId)).map((session) => ({
      id: session.id,
      created_at: new Date(session.createdAt).toISOString(),
      last_seen_at: new Date(session.usedAt ?? session.createdAt).toISOString(),
      ip: session.ip ?? null,
      user_agent: session.userAgent ?? null,
      current: this.sessions.isSession(session, currentSessionId),
      method: session.method ?? 'password',
    }));
  }

  async end(accountId: string, id: string, actor: Actor): Promise<void> {
    await this.accounts.get(accountId);
    if (!(await this.sessions.endListed(accountId, id))) {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    await this.audit.record(actor, {
      action: 'staff.session_ended',
      target: { type: 'staff', id: accountId },
      after: { by: actor.id === accountId ? 'owner' : 'admin' },
    });
  }
}
