import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../http/api-exception';

/** The contract's authentication failures, each with its RFC 7235 challenge. */
export const AuthErrors = {
  missingApiKey: () => new ApiException(HttpStatus.UNAUTHORIZED, 'Missing API key', { 'WWW-Authenticate': 'ApiKey' }),
  invalidApiKey: () => new ApiException(HttpStatus.UNAUTHORIZED, 'Invalid API key', { 'WWW-Authenticate': 'ApiKey' }),
  invalidRefreshToken: () => new ApiException(HttpStatus.UNAUTHORIZED, 'Invalid refresh token'),
  /** RFC 6750 section 3: `error="invalid_token"` only when a token was presented. */
  invalidAccessToken: (presented: boolean) =>
    new ApiException(HttpStatus.UNAUTHORIZED, 'Invalid or missing access token', {
      'WWW-Authenticate': presented ? 'Bearer error="invalid_token"' : 'Bearer',
    }),
};
