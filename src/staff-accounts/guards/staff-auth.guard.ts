import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { Actor, staffActor } from '../../audit/actor';
import { AppConfig } from '../../config/app-config';
import { ApiException } from '../../http/api-exception';
import { StaffRateBudget, StaffRateLimit } from '../../rate-limits/staff-rate-limit';
import { StaffAccountEntity, StaffRole } from '../entities/staff-account.entity';
import { StaffAuthService } from '../staff-auth.service';
import { credentialOf } from '../staff-cookie';

export interface StaffRequest extends FastifyRequest {
  staff?: StaffAccountEntity;
}

/** The signed-in account of a request that passed StaffAuthGuard. */
export function staffOf(request: StaffRequest): StaffAccountEntity {
  return request.staff!;
}

/** The audit actor of a request that passed StaffAuthGuard. */
export function actorOf(request: StaffRequest): Actor {
  return staffActor(request.staff!.id, request.ip);
}

/** Route metadata: the role a staff route needs (see @StaffAuth). */
export const STAFF_ROLE = 'staffRole';

/** Route metadata: the route serves an account that must still choose its own password (see @StaffAuth). */
export const BEFORE_PASSWORD_CHANGE = 'staffBeforePasswordChange';

/** Route metadata: the route serves an account that must still set up a second factor (see @StaffAuth). */
export const BEFORE_SECOND_FACTOR = 'staffBeforeSecondFactor';

/** Route metadata: a budget of its own the route also counts against, or null (see @StaffAuth). */
export const RATE_BUDGET = 'staffRateBudget';

export const SECOND_FACTOR_REQUIRED =
  'Two-factor sign-in is required: set up an authenticator app first (POST /staff/api/me/totp)';

export const PASSWORD_CHANGE_REQUIRED =
  'Password change required: choose your own password first (POST /staff/api/me/password)';

/**
 * Requires a staff identity: a live session cookie, or `Authorization: Bearer st_...` (a staff API
 * token, with its account's rights); 401 `Authentication required` otherwise. Then the route's role
 * (an agent on an admin route: 403 `Forbidden`) and the account's own rate limit (STAFF_RATE_LIMIT, and
 * the route's own budget where it has one: STAFF_REPORTS_RATE_LIMIT for reports).
 * An account given a one-time password reaches only the routes that let it choose its own (403
 * PASSWORD_CHANGE_REQUIRED elsewhere); a session of an account that STAFF_2FA_REQUIRED asks for a
 * second factor it has not set up reaches only its own account routes (403 SECOND_FACTOR_REQUIRED;
 * a staff API token is a machine's credential, made by an account, and is not held).
 */
@Injectable()
export class StaffAuthGuard implements CanActivate {
  constructor(
    private readonly auth: StaffAuthService,
    private readonly config: AppConfig,
    private readonly reflector: Reflector,
    private readonly rateLimit: StaffRateLimit,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<StaffRequest>();
    const credential = credentialOf(request, this.config);
    let account = await this.auth.accountOf(credential);
    if (account?.mustChangePassword) {
      // Signed in with a one-time password: nothing but the change (a cached copy may be a moment old).
      account = await this.auth.reloaded(account);
    }
    if (!account) {
      throw new ApiException(HttpStatus.UNAUTHORIZED, 'Authentication required');
    }
    if (account.mustChangePassword && !this.reflector.get<boolean>(BEFORE_PASSWORD_CHANGE, context.getHandler())) {
      throw new ApiException(HttpStatus.FORBIDDEN, PASSWORD_CHANGE_REQUIRED);
    }
    if (
      !credential.token &&
      !this.reflector.get<boolean>(BEFORE_SECOND_FACTOR, context.getHandler()) &&
      (await this.auth.mustSetUpSecondFactor(account, credential.sessionId))
    ) {
      throw new ApiException(HttpStatus.FORBIDDEN, SECOND_FACTOR_REQUIRED);
    }
    const role = this.reflector.get<StaffRole | undefined>(STAFF_ROLE, context.getHandler());
    if (role === 'admin' && account.role !== 'admin') {
      throw new ApiException(HttpStatus.FORBIDDEN, 'Forbidden');
    }
    await this.rateLimit.consume(account.id);
    const budget = this.reflector.get<StaffRateBudget | null>(RATE_BUDGET, context.getHandler());
    if (budget) {
      await this.rateLimit.consume(account.id, budget);
    }
    request.staff = account;
    return true;
  }
}
