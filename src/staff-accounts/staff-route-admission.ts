import { HttpStatus, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import { StaffRateLimit } from '../rate-limits/staff-rate-limit';
import {
  PASSWORD_CHANGE_REQUIRED,
  SECOND_FACTOR_REQUIRED,
  StaffAdmission,
  StaffRoute,
} from '../staff-auth/staff-admission';
import type { StaffRequest } from '../staff-auth/staff-auth.guard';
import { StaffAccountEntity } from './entities/staff-account.entity';
import { StaffAuthService } from './staff-auth.service';
import { credentialOf } from './staff-cookie';

/**
 * What StaffAuthGuard (staff-auth/) asks of every staff route, answered here where accounts, sessions
 * and tokens are known (STAFF_ADMISSION): the account, its role, a pending password change or second
 * factor, and its rate limit. See StaffAuthGuard for the rules.
 */
@Injectable()
export class StaffRouteAdmission implements StaffAdmission {
  constructor(
    private readonly auth: StaffAuthService,
    private readonly config: AppConfig,
    private readonly rateLimit: StaffRateLimit,
  ) {}

  async admit(request: StaffRequest, route: StaffRoute): Promise<StaffAccountEntity> {
    const credential = credentialOf(request, this.config);
    let account = await this.auth.accountOf(credential);
    if (account?.mustChangePassword) {
      // Signed in with a one-time password: nothing but the change (a cached copy may be a moment old).
      account = await this.auth.reloaded(account);
    }
    if (!account) {
      throw new ApiException(HttpStatus.UNAUTHORIZED, 'Authentication required');
    }
    if (account.mustChangePassword && !route.beforePasswordChange) {
      throw new ApiException(HttpStatus.FORBIDDEN, PASSWORD_CHANGE_REQUIRED);
    }
    if (
      !credential.token &&
      !route.beforeSecondFactor &&
      (await this.auth.mustSetUpSecondFactor(account, credential.sessionId))
    ) {
      throw new ApiException(HttpStatus.FORBIDDEN, SECOND_FACTOR_REQUIRED);
    }
    if (route.role === 'admin' && account.role !== 'admin') {
      throw new ApiException(HttpStatus.FORBIDDEN, 'Forbidden');
    }
    await this.rateLimit.consume(account.id);
    if (route.budget) {
      await this.rateLimit.consume(account.id, route.budget);
    }
    return account;
  }
}
