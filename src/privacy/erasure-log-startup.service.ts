import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SYSTEM_ACTOR } from '../audit/actor';
import { ErasureLog } from './erasure-log.service';

/**
 * At every start of an API process or worker (after migrations, before serving or working): applies
 * the erasures of ERASURE_LOG_FILE that the database lacks (it was restored from an older dump) and
 * copies the table's entries the file lacks into it. Without the setting it does nothing; with nothing
 * missing it reads the file and the log's ids, nothing more.
 */
@Injectable()
export class ErasureLogStartup implements OnApplicationBootstrap {
  constructor(private readonly erasureLog: ErasureLog) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.erasureLog.mirrored) {
      await this.erasureLog.reapply(SYSTEM_ACTOR);
    }
  }
}
