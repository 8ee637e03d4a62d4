import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/app-config';
import { ApiException } from '../../http/api-exception';
import { StaffAccountEntity } from '../entities/staff-account.entity';
import { StaffAuthService } from '../staff-auth.service';
import { sessionIdOf } from '../staff-cookie';

export interface StaffRequest extends FastifyRequest {
  staff?: StaffAccountEntity;
}

const BEARER = /^Bearer +(st_[0-9A-Za-z]+) *$/;

/**
 * Requires a staff identity: a live session cookie, or `Authorization: Bearer st_...` (a staff API
 * token, with its account's rights). 401 `Authentication required` otherwise.
 */
@Injectable()
export class StaffAuthGuard implements CanActivate {
  constructor(
    private readonly auth: StaffAuthService,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<StaffRequest>();
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const sessionId = sessionIdOf(request, this.config);
    const account = token
      ? await this.auth.accountOfToken(token)
      : sessionId
        ? await this.auth.accountOfSession(sessionId)
        : null;
    if (!account) {
      throw new ApiException(HttpStatus.UNAUTHORIZED, 'Authentication required');
    }
    request.staff = account;
    return true;
  }
}
