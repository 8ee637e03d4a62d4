import { DynamicModule, Module } from '@nestjs/common';
import { ApiKeyModule } from './api-keys/api-key.module';
import {
  CreateKeyCommand,
  KeysCommand,
  ListKeysCommand,
  RevokeKeyCommand,
  SetKeyLimitCommand,
} from './api-keys/commands/keys.command';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import {
  ListSubmissionsCommand,
  RetrySubmissionsCommand,
  SubmissionsCommand,
} from './submissions/commands/submissions.command';
import { SubmissionsModule } from './submissions/submissions.module';

/** The operator's command line: the app's own modules, no HTTP and no worker. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, ApiKeyModule, SubmissionsModule],
      providers: [
        KeysCommand,
        CreateKeyCommand,
        ListKeysCommand,
        RevokeKeyCommand,
        SetKeyLimitCommand,
        SubmissionsCommand,
        ListSubmissionsCommand,
        RetrySubmissionsCommand,
      ],
    };
  }
}
