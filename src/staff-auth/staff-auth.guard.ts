import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { STAFF_ADMISSION, SignedInStaff, StaffAdmission, StaffRateBudget, StaffRole } from './staff-admission';

export interface StaffRequest<Account extends SignedInStaff = SignedInStaff> extends FastifyRequest {
  staff?: Account;
}

/**
 * The signed-in account of a request that passed StaffAuthGuard. staff-accounts/ admits with the
 * account's whole row, so a room that reads more of it types the request with its entity.
 */
export function staffOf<Account extends SignedInStaff>(request: StaffRequest<Account>): Account {
  return request.staff!;
}

/** Route metadata: the role a staff route needs (see @StaffAuth). */
export const STAFF_ROLE = 'staffRole';

/** Route metadata: the route serves an account that must still choose its own password (see @StaffAuth). */
export const BEFORE_PASSWORD_CHANGE = 'staffBeforePasswordChange';

/** Route metadata: the route serves an account that must still set up a second factor (see @StaffAuth). */
export const BEFORE_SECOND_FACTOR = 'staffBeforeSecondFactor';

/** Route metadata: a budget of its own the route also counts against, or null (see @StaffAuth). */
export const RATE_BUDGET = 'staffRateBudget';

/**
 * Requires a staff identity: a live session cookie, or `Authorization: Bearer st_...` (a staff API
 * token, with its account's rights); 401 `Authentication required` otherwise. Then the route's role
 * (an agent on an admin route: 403 `Forbidden`) and the account's own rate limit (STAFF_RATE_LIMIT, and
 * the route's own budget where it has one: STAFF_REPORTS_RATE_LIMIT for reports).
 * An account given a one-time password reaches only the routes that let it choose its own (403
 * PASSWORD_CHANGE_REQUIRED elsewhere); a session of an account that STAFF_2FA_REQUIRED asks for a
 * second factor it has not set up reaches only its own account routes (403 SECOND_FACTOR_REQUIRED;
 * a staff API token is a machine's credential, made by an account, and is not held).
 * The checks are staff-accounts/' (STAFF_ADMISSION): this guard reads the route's metadata and keeps
 * the account on the request.
 */
@Injectable()
export class StaffAuthGuard implements CanActivate {
  constructor(
    @Inject(STAFF_ADMISSION) private readonly admission: StaffAdmission,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<StaffRequest>();
    const handler = context.getHandler();
    request.staff = await this.admission.admit(request, {
      role: this.reflector.get<StaffRole | undefined>(STAFF_ROLE, handler) ?? 'agent',
      beforePasswordChange: this.reflector.get<boolean | undefined>(BEFORE_PASSWORD_CHANGE, handler) ?? false,
      beforeSecondFactor: this.reflector.get<boolean | undefined>(BEFORE_SECOND_FACTOR, handler) ?? false,
      budget: this.reflector.get<StaffRateBudget | null | undefined>(RATE_BUDGET, handler) ?? null,
    });
    return true;
  }
}
