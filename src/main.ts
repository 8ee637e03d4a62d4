import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { createApplication, logLevelsFrom } from './app.setup';
import { AppConfig, loadConfig } from './config/app-config';
import { InvalidConfigurationError } from './config/environment';
import { ensureDatabase } from './database/ensure-database';

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
  const logger = new Logger('Bootstrap');
  if (config.auth.jwtSecretGenerated) {
    logger.warn(
      'JWT_SECRET is not set: using a random secret, so tokens will not survive a restart or work across processes',
    );
  }
  if (!config.servesHttp) {
    await ensureDatabase(config.db.url, config.db.connectTimeoutMs);
    const context = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
      logger: logLevelsFrom(config.logLevel),
    });
    context.enableShutdownHooks();
    logger.log('Staff worker started (ROLE=worker)');
    return;
  }
  const app = await createApplication(config);
  await app.listen(config.http.port, config.http.host);
  logger.log(`Listening on ${await app.getUrl()} (ROLE=${config.role})`);
}

if (require.main === module) {
  bootstrap().catch((error: Error) => {
    new Logger('Bootstrap').fatal(`Start-up failed: ${error.message}`);
    process.exit(1);
  });
}
