import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SYSTEM_ACTOR } from '../audit/actor';
import { AppConfig } from '../config/app-config';
import { ErasureLog } from './erasure-log.service';

/**
 * At every start of an API process or worker (after migrations, before serving or working): applies
 * the erasures of ERASURE_LOG_FILE that the database lacks (it was restored from an older dump) and
 * copies the table's entries the file lacks into it. Without the setting it does nothing; with nothing
 * missing it reads the file and the log's ids, nothing more.
 */
@Injectable()
export class ErasureLogStartup implements OnApplicationBootstrap {
  private readonly logger = new Logger(ErasureLogStartup.name);

  constructor(
    private readonly erasureLog: ErasureLog,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.erasureLog.mirrored) {
      if (!this.config.privacy.emailHashKey) {
        // The entries are then hashed under a key derived from JWT_SECRET, which rotations retire.
        this.logger.warn(
          'ERASURE_LOG_FILE is set without EMAIL_HASH_KEY: erasures logged under a JWT_SECRET that is ' +
            'later retired cannot be applied again after a restore (set EMAIL_HASH_KEY once, for good)',
        );
      }
      await this.erasureLog.reapply(SYSTEM_ACTOR);
    }
  }
}
