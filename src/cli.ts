import { CommandFactory } from 'nest-commander';
import { CliModule } from './cli.module';
import { loadConfig } from './config/app-config';
import { InvalidConfigurationError } from './config/environment';
import { ensureDatabase } from './database/ensure-database';

/** `npm run cli -- keys create --name NAME`: see the README's command line section. */
async function main(): Promise<void> {
  const config = loadConfig();
  await ensureDatabase(config.db.url, config.db.connectTimeoutMs);
  await CommandFactory.run(CliModule.forRoot(config), {
    logger: ['error'],
    errorHandler: (error: Error & { code?: string; exitCode?: number }) => {
      // Commander has already printed its own words (help, "unknown command ...") and knows the exit
      // status: 0 for --help, 1 for a usage error.
      if (error.code?.startsWith('commander.')) {
        process.exit(error.exitCode ?? 1);
      }
      process.stderr.write(`error: ${error.message}\n`);
      process.exit(1);
    },
    serviceErrorHandler: (error: Error) => {
      process.stderr.write(`error: ${error.message}\n`);
      process.exit(1);
    },
  });
}

main().catch((error: Error) => {
  process.stderr.write(error instanceof InvalidConfigurationError ? `${error.message}\n` : `error: ${error.message}\n`);
  process.exit(1);
});
