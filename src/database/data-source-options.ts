import type { DataSourceOptions } from 'typeorm';
import { ApiKeyEntity } from '../api-keys/entities/api-key.entity';
import { RefreshTokenEntity } from '../auth/entities/refresh-token.entity';
import { SubmissionDeliveryEntity } from '../submissions/entities/submission-delivery.entity';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { InitialSchema1763769600000 } from './migrations/1763769600000-InitialSchema';
import { StaffAccounts1795392000000 } from './migrations/1795392000000-StaffAccounts';
import { StaffTokens1795392600000 } from './migrations/1795392600000-StaffTokens';
import { StaffWorkflow1795393200000 } from './migrations/1795393200000-StaffWorkflow';
import { SubmissionNoteEntity } from '../submissions/entities/submission-note.entity';
import { AuditEventEntity } from '../audit/audit-event.entity';
import { Webhooks1795393800000 } from './migrations/1795393800000-Webhooks';
import { PersonalData1795394400000 } from './migrations/1795394400000-PersonalData';
import { EncryptionAtRest1795395000000 } from './migrations/1795395000000-EncryptionAtRest';
import { StaffTokenExpiry1795395600000 } from './migrations/1795395600000-StaffTokenExpiry';
import { SealedWebhookSecrets1795395900000 } from './migrations/1795395900000-SealedWebhookSecrets';
import { WebhookDestinationEntity } from '../webhooks/entities/webhook-destination.entity';
import { WebhookDeliveryEntity } from '../webhooks/entities/webhook-delivery.entity';
import { WebhookAttemptEntity } from '../webhooks/entities/webhook-attempt.entity';
import { StaffTokenEntity } from '../staff-accounts/entities/staff-token.entity';
import { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';

export const CHARSET = 'utf8mb4';
export const COLLATION = 'utf8mb4_unicode_ci';

export interface DatabaseSettings {
  url: string;
  poolSize: number;
  connectTimeoutMs: number;
}

/**
 * One definition of the connection, shared by the app (TypeOrmModule), the migration CLI (ormconfig.ts)
 * and the tests. utf8mb4_unicode_ci exists on MySQL 8 and MariaDB alike, so every table and the
 * connection use it and joins never meet mixed collations.
 */
export function buildDataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  return {
    // TypeORM reads MariaDB's catalogue (its column defaults, say) right only as type `mariadb`: a
    // mariadb:// URL selects it. The wire protocol and driver (mysql2) are the same.
    type: new URL(settings.url).protocol === 'mariadb:' ? 'mariadb' : 'mysql',
    url: settings.url,
    charset: COLLATION,
    timezone: 'Z',
    entities: [
      ApiKeyEntity,
      RefreshTokenEntity,
      SubmissionEntity,
      SubmissionDeliveryEntity,
      StaffAccountEntity,
      StaffTokenEntity,
      SubmissionNoteEntity,
      AuditEventEntity,
      WebhookDestinationEntity,
      WebhookDeliveryEntity,
      WebhookAttemptEntity,
    ],
    migrations: [
      InitialSchema1763769600000,
      StaffAccounts1795392000000,
      StaffTokens1795392600000,
      StaffWorkflow1795393200000,
      Webhooks1795393800000,
      PersonalData1795394400000,
      EncryptionAtRest1795395000000,
      StaffTokenExpiry1795395600000,
      SealedWebhookSecrets1795395900000,
    ],
    migrationsTableName: 'migrations',
    synchronize: false,
    poolSize: settings.poolSize,
    connectTimeout: settings.connectTimeoutMs,
    extra: {
      // A request must not wait forever for a connection while the database is away.
      queueLimit: 200,
      enableKeepAlive: true,
      keepAliveInitialDelay: 10_000,
      maxIdle: settings.poolSize,
      idleTimeout: 60_000,
      // mysql2 otherwise builds an Error (a stack trace) for every query in case it fails: about 3 % of
      // a submission's CPU. A failed query's error still says what failed; only the caller's frames go.
      trace: false,
    },
  };
}
