import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth } from '@nestjs/swagger';
import { ApiErrors } from '../http/openapi/api-responses';
import { STAFF_TOKEN_SECURITY } from '../http/openapi/openapi';
import { PASSWORD_CHANGE_REQUIRED, SECOND_FACTOR_REQUIRED, StaffRateBudget, StaffRole } from './staff-admission';
import {
  BEFORE_PASSWORD_CHANGE,
  BEFORE_SECOND_FACTOR,
  RATE_BUDGET,
  STAFF_ROLE,
  StaffAuthGuard,
} from './staff-auth.guard';

/**
 * A staff route: signed in by session cookie or staff API token, with `role` (admin routes refuse
 * agents with 403), counted against the account's STAFF_RATE_LIMIT; and its OpenAPI security and errors.
 * An account that must change its password reaches only routes marked `beforePasswordChange` (who it
 * is, signing out, the change itself); one that must set up a second factor only routes marked
 * `beforeSecondFactor` (its own account, signing out, setting one up). A route of `budget: 'reports'`
 * (computed from many rows) also counts against the account's lower STAFF_REPORTS_RATE_LIMIT.
 */
export function StaffAuth(
  role: StaffRole = 'agent',
  options: { beforePasswordChange?: boolean; beforeSecondFactor?: boolean; budget?: StaffRateBudget } = {},
): MethodDecorator {
  const forbidden = [
    ...(role === 'admin' ? ['Forbidden'] : []),
    ...(options.beforePasswordChange ? [] : [PASSWORD_CHANGE_REQUIRED]),
    ...(options.beforeSecondFactor ? [] : [SECOND_FACTOR_REQUIRED]),
  ];
  const errors: Record<number, string[]> = { 401: ['Authentication required'], 429: ['Too many requests'] };
  if (forbidden.length > 0) {
    errors[403] = forbidden;
  }
  return applyDecorators(
    SetMetadata(STAFF_ROLE, role),
    SetMetadata(BEFORE_PASSWORD_CHANGE, options.beforePasswordChange ?? false),
    SetMetadata(BEFORE_SECOND_FACTOR, options.beforeSecondFactor ?? false),
    SetMetadata(RATE_BUDGET, options.budget ?? null),
    UseGuards(StaffAuthGuard),
    ApiCookieAuth(),
    ApiBearerAuth(STAFF_TOKEN_SECURITY),
    ApiErrors(errors),
  );
}
