/**
 * `node -r ts-node/register/transpile-only bench/framework-floor.ts [--duration 5]`: what the customer's
 * stack costs per request before the service does any work of its own. Five tiny servers answer
 * POST /auth.php with a fixed-size token set after checking X-API-KEY, and each is driven at c=1 and
 * c=64 (two rounds, best kept) while its CPU is measured:
 *   http            node:http, the header compared, an HS256 token made with one HMAC
 *   nest            the same in a NestJS 11 controller on Fastify, a plain guard checking the header
 *   nest+passport   the guard is @nestjs/passport's AuthGuard over passport-headerapikey
 *   nest+strategy   passport-headerapikey's strategy run directly, as src/auth/guards/api-key-auth.guard.ts does
 *   nest+jwt        nest+strategy, the token signed by @nestjs/jwt (jsonwebtoken) as the service does
 * The differences between rows are what each layer costs; docs/performance.md uses them.
 * Everything listens on 127.0.0.1 and is stopped by pid; nothing is stored.
 */
import 'reflect-metadata';
import {
  CanActivate,
  Controller,
  ExecutionContext,
  HttpCode,
  Injectable,
  Module,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthGuard, PassportModule, PassportStrategy } from '@nestjs/passport';
import { JwtModule, JwtService } from '@nestjs/jwt';
import autocannon from 'autocannon';
import { HeaderAPIKeyStrategy } from 'passport-headerapikey';
import { createHmac, createSecretKey, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { freePort, startServer, watchCpu } from './support';

const VARIANTS = ['http', 'nest', 'nest+passport', 'nest+strategy', 'nest+jwt'] as const;
type Variant = (typeof VARIANTS)[number];
const KEY = 'ck_floor';
const SECRET = createSecretKey(Buffer.from('a-secret-of-thirty-two-bytes-xyz'));

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** The access token as a hand-written server makes it: one HMAC over the two encoded halves. */
function handToken(subject: string): string {
  const iat = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'at+jwt', kid: 'k1' })}.${b64({ jti: randomUUID(), iat, exp: iat + 900, aud: 'a', iss: 'i', sub: subject })}`;
  return `${head}.${createHmac('sha256', SECRET).update(head).digest('base64url')}`;
}
const tokenSet = (accessToken: string) => ({
  access_token: accessToken,
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token: 'rt_floor',
});

interface FloorRequest {
  headers: Record<string, string | string[] | undefined>;
  user?: { id: string };
}

@Injectable()
class KeyStrategy extends PassportStrategy(HeaderAPIKeyStrategy, 'floor-key') {
  constructor() {
    super({ header: 'X-API-KEY', prefix: '' }, false);
  }
  validate(key: string): { id: string } | false {
    return key === KEY ? { id: 'key-id' } : false;
  }
}

@Injectable()
class HeaderGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FloorRequest>();
    request.user = { id: 'key-id' };
    return request.headers['x-api-key'] === KEY;
  }
}

/** The strategy run as passport's middleware runs it, without the middleware (src/auth/guards/api-key-auth.guard.ts). */
@Injectable()
class StrategyGuard implements CanActivate {
  constructor(private readonly strategy: KeyStrategy) {}
  canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FloorRequest>();
    return new Promise((resolve, reject) => {
      const attempt = Object.create(this.strategy) as Record<string, unknown> & {
        authenticate: KeyStrategy['authenticate'];
      };
      attempt.success = (user: { id: string }) => {
        request.user = user;
        resolve(true);
      };
      attempt.fail = attempt.pass = () => resolve(false);
      attempt.error = reject;
      attempt.authenticate(request as never, {});
    });
  }
}

function floorModule(variant: Variant) {
  const guard = variant === 'nest' ? HeaderGuard : variant === 'nest+passport' ? AuthGuard('floor-key') : StrategyGuard;
  @Controller()
  class FloorController {
    constructor(private readonly jwt: JwtService) {}
    @Post('auth.php')
    @HttpCode(200)
    @UseGuards(guard)
    issue(@Req() request: FloorRequest) {
      const subject = request.user!.id;
      return tokenSet(
        variant === 'nest+jwt'
          ? this.jwt.sign(
              { jti: randomUUID() },
              {
                privateKey: SECRET,
                algorithm: 'HS256',
                header: { alg: 'HS256', typ: 'at+jwt', kid: 'k1' },
                subject,
                issuer: 'i',
                audience: 'a',
                expiresIn: 900,
              },
            )
          : handToken(subject),
      );
    }
  }
  @Module({
    imports: [PassportModule, JwtModule.register({})],
    controllers: [FloorController],
    providers: [KeyStrategy, HeaderGuard, StrategyGuard],
  })
  class FloorModule {}
  return FloorModule;
}

async function serve(variant: Variant, port: number): Promise<void> {
  if (variant === 'http') {
    createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const ok = request.headers['x-api-key'] === KEY;
        const body = JSON.stringify(
          ok ? tokenSet(handToken('key-id')) : { status: 'error', message: 'Invalid API key' },
        );
        response.writeHead(ok ? 200 : 401, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      });
    }).listen(port, '127.0.0.1');
    return;
  }
  const app = await NestFactory.create<NestFastifyApplication>(floorModule(variant), new FastifyAdapter(), {
    logger: false,
  });
  await app.listen(port, '127.0.0.1');
}

async function measure(duration: number): Promise<void> {
  const rows: string[] = [];
  for (const variant of VARIANTS) {
    const best = new Map<number, { rps: number; micros: number }>();
    for (let round = 0; round < 2; round++) {
      const port = await freePort();
      const server = await startServer(
        process.execPath,
        ['-r', 'ts-node/register/transpile-only', __filename, '--serve', variant, String(port)],
        process.env,
        port,
      );
      try {
        const requests = [{ method: 'POST' as const, path: '/auth.php', headers: { 'x-api-key': KEY } }];
        const url = `http://127.0.0.1:${port}`;
        await autocannon({ url, connections: 16, duration: 3, requests });
        for (const connections of [1, 64]) {
          const stop = watchCpu([server.child.pid!]);
          const result = await autocannon({ url, connections, duration, requests });
          const cpu = stop();
          if (result.non2xx + result.errors > 0) {
            throw new Error(`${variant}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          }
          const rps = result.requests.average;
          const micros = (cpu.processes * 10_000) / rps;
          const known = best.get(connections);
          if (!known || rps > known.rps) {
            best.set(connections, { rps, micros });
          }
        }
      } finally {
        await server.stop();
      }
    }
    const cells = [1, 64].map((c) => best.get(c)!);
    rows.push(
      `| ${variant} | ${cells.map((cell) => `${Math.round(cell.rps)} | ${Math.round(cell.micros)}`).join(' | ')} |`,
    );
    process.stdout.write(`${rows[rows.length - 1]}\n`);
  }
  process.stdout.write(
    `\n| server | c=1 req/s | c=1 CPU µs/req | c=64 req/s | c=64 CPU µs/req |\n|---|---|---|---|---|\n${rows.join('\n')}\n`,
  );
}

const args = process.argv.slice(2);
if (args[0] === '--serve') {
  void serve(args[1] as Variant, Number(args[2]));
} else {
  const index = args.indexOf('--duration');
  measure(index >= 0 ? Number(args[index + 1]) : 5).catch((error: Error) => {
    process.stderr.write(`framework-floor failed: ${error.message}\n`);
    process.exitCode = 1;
  });
}
