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
    .addServer(config.http.basePath || '/', 'This service (paths are relative to BASE_PATH)')
    // Every tag an operation carries, declared with what it groups (`Auth` and `Contact` are the names
    // @nestjs/swagger gives untagged controllers). test/openapi-spectral.spec.ts fails on an undeclared one.
    .addTag(
      'Auth',
      'Client systems: exchange an API key for tokens and refresh them (POST /auth.php, /auth_refresh.php).',
    )
    .addTag('Contact', 'Client systems: submit a contact request with an access token (POST /contact_api.php).')
    .addTag('inbound mail', "A mail provider forwards customers' replies (POST /inbound/email, INBOUND_TOKEN).")
    .addTag(
      'ratings',
      "Requesters rate how their request went: the page a satisfaction survey's links open (HTML, no sign-in).",
    )
    .addTag('staff', "The staff console's session: sign in and out, one's own account and password.")
    .addTag('staff: submissions', 'The work queue: list, read, assign, reply to and annotate submissions.')
    .addTag('staff: canned replies', 'Answers the whole team shares, inserted into replies.')
    .addTag('staff: reports', 'Figures over a period for a team lead, as JSON or CSV.')
    .addTag(
      'staff: service levels',
      'SLA policies: how soon submissions are answered and resolved, in business hours; admins write them.',
    )
    .addTag(
      'staff: rules',
      'Rules that assign, label, prioritise and set the status of submissions as they arrive and change ' +
        '(round robin among agents who are not away); admins write them, any staff member reads and tests them.',
    )
    .addTag(
      'staff: custom fields',
      "A key's own questions: typed fields its clients send in `fields`; every staff member reads them, admins write them.",
    )
    .addTag('staff: live', 'Live updates for the console: the event stream and who is viewing what.')
    .addTag(
      'staff: administration',
      'Admins only: staff accounts, API keys, webhooks, the audit log, personal data requests and the mailbox.',
    );
  const document = SwaggerModule.createDocument(app, builder.build(), { extraModels: [ErrorResultDto] });
  document.info.license = { name: 'UNLICENSED (proprietary)' };
  // Every operation has a summary; one without a description of its own gets the summary as its
  // description, so tools that show only descriptions (and Spectral's operation-description rule) have
  // text for it. Write an @ApiOperation description where there is more to say than the summary.
  for (const path of Object.values(document.paths)) {
    for (const operation of [path.get, path.post, path.put, path.patch, path.delete]) {
      if (operation && !operation.description && operation.summary) {
        operation.description = operation.summary;
      }
    }
  }
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
