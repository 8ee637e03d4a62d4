import { strictDocument } from './strict-document';
import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../../config/app-config';
import { ErrorResultDto } from './api-responses';

export const API_KEY_SECURITY = 'apiKey';
export const BEARER_SECURITY = 'bearer';
export const STAFF_COOKIE_SECURITY = 'cookie';
export const STAFF_TOKEN_SECURITY = 'staffToken';
export const INBOUND_TOKEN_SECURITY = 'inboundToken';

/**
 * The OpenAPI document of the three contract endpoints (served at /docs, written by `npm run openapi`).
 * The staff session cookie's name comes from the caller (staff-accounts names it; http imports no room).
 */
export function buildOpenApiDocument(app: INestApplication, config: AppConfig, staffCookie: string): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('contact-intake')
    .setDescription(
      'Approved client systems exchange an API key for tokens (POST /auth.php), refresh them ' +
        '(POST /auth_refresh.php) and submit contact requests (POST /contact_api.php). Every error body is ' +
        '{"status":"error","message":"..."}. Every response to an identified key carries X-RateLimit-Limit, ' +
        'X-RateLimit-Remaining and X-RateLimit-Reset.',
    )
    .setVersion('1')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-KEY' }, API_KEY_SECURITY)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT (typ at+jwt)' }, BEARER_SECURITY)
    .addCookieAuth(
      staffCookie,
      {
        type: 'apiKey',
        in: 'cookie',
        description: 'Staff session (`__Host-ci_staff` in production), set by POST /staff/api/login',
      },
      STAFF_COOKIE_SECURITY,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'Staff API token (st_...), made with `staff token create`' },
      STAFF_TOKEN_SECURITY,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'INBOUND_TOKEN, for POST /inbound/email (a mail provider)' },
      INBOUND_TOKEN_SECURITY,
    )
    .addServer(config.http.basePath || '/', 'This service (paths are relative to BASE_PATH)');
  const document = SwaggerModule.createDocument(app, builder.build(), { extraModels: [ErrorResultDto] });
  document.info.license = { name: 'UNLICENSED (proprietary)' };
  // An operation without a security scheme (/auth_refresh.php: the refresh token in its body is the
  // credential) says so explicitly, so generators and linters do not take it for an oversight.
  for (const path of Object.values(document.paths)) {
    for (const operation of [path.get, path.post, path.put, path.patch, path.delete]) {
      if (operation && !operation.security) {
        operation.security = [];
      }
    }
  }
  return strictDocument(document, ErrorResultDto.name, [STAFF_COOKIE_SECURITY, STAFF_TOKEN_SECURITY]);
}

export function setupOpenApi(app: INestApplication, config: AppConfig, staffCookie: string): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, config, staffCookie), {
    jsonDocumentUrl: 'docs/openapi.json',
    useGlobalPrefix: true,
    raw: ['json'],
  });
}
