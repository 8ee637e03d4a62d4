import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import { declareSettings, Setting, toInt } from '../config/settings';

/** The settings of conversations/: each one's rules, default and description. */
export class ConversationsSettings {
  @Setting({
    description: 'automatic acknowledgements per API key an hour, at most (counted in Redis; none while Redis is away)',
    readBy: 'worker',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ACK_MAX_PER_KEY_HOUR = 100;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends ConversationsSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    readonly conversations: {
      /** Acknowledgements per API key an hour, at most. */
      ackMaxPerKeyHour: number;
    };
  }
}

export const conversationsSettings = declareSettings({
  room: 'conversations',
  variables: ConversationsSettings,
  config: (env) => ({ conversations: { ackMaxPerKeyHour: env.ACK_MAX_PER_KEY_HOUR } }),
});
