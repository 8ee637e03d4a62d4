import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth } from '@nestjs/swagger';
import { ApiErrors } from '../http/openapi/api-responses';
import { STAFF_TOKEN_SECURITY } from '../http/openapi/openapi';
import { StaffRole } from './entities/staff-account.entity';
import { STAFF_ROLE, StaffAuthGuard } from './guards/staff-auth.guard';

/**
 * A staff route: signed in by session cookie or staff API token, with `role` (admin routes refuse
 * agents with 403), counted against the account's STAFF_RATE_LIMIT; and its OpenAPI security and errors.
 */
export function StaffAuth(role: StaffRole = 'agent'): MethodDecorator {
  return applyDecorators(
    SetMetadata(STAFF_ROLE, role),
    UseGuards(StaffAuthGuard),
    ApiCookieAuth(),
    ApiBearerAuth(STAFF_TOKEN_SECURITY),
    ApiErrors(
      role === 'admin'
        ? { 401: ['Authentication required'], 403: ['Forbidden'], 429: ['Too many requests'] }
        : { 401: ['Authentication required'], 429: ['Too many requests'] },
    ),
  );
}
