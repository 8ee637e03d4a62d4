import { Logger } from '@nestjs/common';
import { bootstrap } from './main';

/** Entry point of a staff worker process: ROLE=worker, no HTTP listener. */
bootstrap({ ROLE: 'worker' }).catch((error: Error) => {
  new Logger('Bootstrap').fatal(`Start-up failed: ${error.message}`);
  process.exit(1);
});
