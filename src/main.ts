import { INestApplicationContext, Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { createApplication } from './http-app';
import { AppConfig, loadConfig } from './config/app-config';
import { InvalidConfigurationError } from './config/environment';
import { StaffAccountsService } from './staff-accounts/staff-accounts.service';

const logger = new Logger('Bootstrap');

/**
 * SIGTERM/SIGINT: stop taking requests and jobs, let those in flight finish (up to SHUTDOWN_TIMEOUT),
 * close queues and pools, exit 0. Nest's enableShutdownHooks() would re-raise the signal after closing,
 * so the process would end "killed by SIGTERM" instead of exiting 0; this is the same hook with that
 * difference and a deadline.
 */
function exitGracefullyOnSignals(app: INestApplicationContext, config: AppConfig): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      return;
    }
    closing = true;
    logger.log(`${signal} received: finishing work in flight, then exiting`);
    setTimeout(() => {
      logger.error(`Shutdown took longer than SHUTDOWN_TIMEOUT (${config.queue.shutdownTimeout} s); exiting anyway`);
      process.exit(1);
    }, config.queue.shutdownTimeout * 1000).unref();
    app.close().then(
      () => process.exit(0),
      (error: Error) => {
        logger.error(`Shutdown failed: ${error.message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/**
 * Under sustained load V8 lets the old generation grow to about four times what is live before a full
 * GC (measured: ~50 MB live, 300+ MB resident at 64 concurrent requests). A smaller growth factor
 * collects sooner: at 40 % (the default) ~185 MB resident, throughput within the bench's noise. V8 reads this flag at every
 * full GC, so setting it at start-up takes effect.
 */
function limitHeapGrowth(config: AppConfig): void {
  if (config.heapGrowthPercent > 0) {
    setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
  }
}

/**
 * What an operator needs to know once the API listens: the address it really listens on (0.0.0.0 is
 * every interface, not 127.0.0.1) and where the docs and the queue dashboard are.
 */
export function startupLines(config: AppConfig, address: string | AddressInfo | null, staffAccounts = 1): string[] {
  const port = typeof address === 'object' && address ? address.port : config.http.port;
  const host = config.http.host;
  const wildcard = host === '0.0.0.0' || host === '::';
  const where = wildcard ? `all interfaces (${host}), port ${port}` : `${host}:${port}`;
  const local = `http://${wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}${config.http.basePath}`;
  const lines = [`Listening on ${where} (ROLE=${config.role})`];
  if (config.http.docs) {
    lines.push(`API docs: ${local}/docs`);
  }
  if (config.admin.user) {
    lines.push(`Queue dashboard: ${local}/admin/queues`);
  }
  lines.push(`Staff console: ${local}/staff/`);
  if (config.staff.inboxOnly && config.role === 'all') {
    lines.push(
      "Staff channel: the service's own inbox (the console); set STAFF_WEBHOOK_URL or SMTP_URL + STAFF_EMAIL_TO to also send each submission out",
    );
  }
  if (staffAccounts === 0) {
    lines.push(
      'No staff account yet. Create the first admin: npm run -s cli -- staff create --email you@example.com --name "Your Name" --role admin',
    );
  }
  return lines;
}

/**
 * Entry point. ROLE=all (default) serves HTTP and runs the staff worker in one process; ROLE=api serves
 * HTTP only; ROLE=worker consumes the queue without an HTTP listener (see worker.ts).
 */
export async function bootstrap(overrides: Partial<Record<string, string>> = {}): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(overrides);
  } catch (error) {
    if (error instanceof InvalidConfigurationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  limitHeapGrowth(config);
  if (config.auth.jwtSecretGenerated) {
    logger.warn(
      'JWT_SECRET is not set: using a random secret, so tokens will not survive a restart or work across processes',
    );
  }
  if (config.role === 'worker') {
    // No API: the same health and metrics controllers, on HEALTH_PORT, for orchestrators to probe.
    const worker = await createApplication(config, { docs: false, staffConsole: false });
    exitGracefullyOnSignals(worker, config);
    await worker.listen(config.observability.healthPort, config.http.host);
    logger.log(`Staff worker started (ROLE=worker); health and metrics on port ${config.observability.healthPort}`);
    return;
  }
  const app = await createApplication(config);
  exitGracefullyOnSignals(app, config);
  await app.listen(config.http.port, config.http.host);
  const staffAccounts = (await app.get(StaffAccountsService).list()).length;
  for (const line of startupLines(config, app.getHttpServer().address(), staffAccounts)) {
    logger.log(line);
  }
}

/** A refusal to start, in one line: what failed, never a stack trace. */
function startupFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown })?.code;
  const firstLine = message.split('\n')[0].trim();
  if (code === 'EADDRINUSE') {
    return `Cannot start: the port is taken (${firstLine}); set PORT to a free one`;
  }
  if (code === 'ECONNREFUSED' || code === 'ETIMEDOUT' || code === 'ENOTFOUND') {
    return `Cannot start: a server it needs is not reachable (${firstLine}); check DATABASE_URL and REDIS_URL`;
  }
  return `Cannot start: ${firstLine}`;
}

if (require.main === module) {
  bootstrap().catch((error: unknown) => {
    process.stderr.write(`${startupFailure(error)}\n`);
    process.exit(1);
  });
}
