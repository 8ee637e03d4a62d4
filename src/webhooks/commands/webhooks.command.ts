import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { CLI_ACTOR } from '../../audit/actor';
import { JsonFlag, printLine, printList } from '../../cli-output';
import { toDestinationView } from '../dto/webhook.views';
import { WEBHOOK_DELIVERY_STATUSES, WebhookDeliveryStatus } from '../webhook-delivery-state';
import { WebhooksService } from '../webhooks.service';

/** The newest deliveries `webhooks deliveries` prints. */
const CLI_DELIVERY_LIMIT = 100;

@SubCommand({ name: 'add', description: 'add a destination (its secret is printed once)' })
export class AddWebhookCommand extends JsonFlag {
  constructor(private readonly webhooks: WebhooksService) {
    super();
  }

  async run(
    _args: string[],
    options: { url: string; apiKey?: string; events?: string[]; json?: boolean },
  ): Promise<void> {
    const destination = await this.webhooks.add(
      { url: options.url, apiKeyId: options.apiKey, events: options.events },
      CLI_ACTOR,
    );
    const events = destination.events.split(',');
    if (options.json) {
      printLine(JSON.stringify({ id: destination.id, url: destination.url, events, secret: destination.secret }));
      return;
    }
    printLine(
      `Added webhook destination ${destination.id} (${events.join(', ')}) for ${destination.apiKeyId ?? 'every key'}`,
    );
    printLine(`  secret: ${destination.secret}`);
    printLine('Give the secret to the receiver now: it is not shown again.');
  }

  @Option({ flags: '--url <url>', description: 'where to POST (http or https)', required: true })
  parseUrl(value: string): string {
    return value;
  }

  @Option({ flags: '--api-key <id>', description: "only this key's submissions (default: every key's)" })
  parseApiKey(value: string): string {
    return value;
  }

  @Option({ flags: '--events <list>', description: 'comma list: submission.received, submission.status_changed' })
  parseEvents(value: string): string[] {
    return value.split(',').map((event) => event.trim());
  }
}

@SubCommand({ name: 'list', description: 'list destinations (never their secrets)' })
export class ListWebhooksCommand extends JsonFlag {
  constructor(private readonly webhooks: WebhooksService) {
    super();
  }

  async run(_args: string[], options: { json?: boolean }): Promise<void> {
    const destinations = (await this.webhooks.list()).map(toDestinationView);
    printList(destinations, options.json, 'No webhook destinations.', (destination) => {
      const state = destination.enabled ? 'enabled' : `disabled (${destination.disabled_reason ?? ''})`;
      const scope = destination.api_key_id ?? 'every key';
      return `${destination.id}  ${destination.url}  ${scope}  ${destination.events.join(',')}  ${state}`;
    });
  }
}

@SubCommand({ name: 'remove', arguments: '<id>', description: 'remove a destination' })
export class RemoveWebhookCommand extends CommandRunner {
  constructor(private readonly webhooks: WebhooksService) {
    super();
  }

  async run([id]: string[]): Promise<void> {
    await this.webhooks.remove(id, CLI_ACTOR);
    printLine(`Removed webhook destination ${id}`);
  }
}

@SubCommand({
  name: 'rotate-secret',
  arguments: '<id>',
  description: 'new secret; the old one signs too for WEBHOOK_SECRET_OVERLAP',
})
export class RotateWebhookSecretCommand extends JsonFlag {
  constructor(private readonly webhooks: WebhooksService) {
    super();
  }

  async run([id]: string[], options: { json?: boolean }): Promise<void> {
    const destination = await this.webhooks.rotateSecret(id, CLI_ACTOR);
    if (options.json) {
      printLine(
        JSON.stringify({
          id,
          secret: destination.secret,
          previous_secret_until: destination.previousSecretUntil?.toISOString(),
        }),
      );
      return;
    }
    printLine(`New secret for ${id}: ${destination.secret}`);
    printLine(`The previous secret keeps signing until ${destination.previousSecretUntil?.toISOString() ?? 'now'}.`);
  }
}

@SubCommand({ name: 'enable', arguments: '<id>', description: 'enable a destination again (after a 410, say)' })
export class EnableWebhookCommand extends CommandRunner {
  constructor(private readonly webhooks: WebhooksService) {
    super();
  }

  async run([id]: string[]): Promise<void> {
    await this.webhooks.setEnabled(id, true, CLI_ACTOR);
    printLine(`Enabled webhook destination ${id}`);
  }
}

@SubCommand({ name: 'replay', arguments: '<delivery-id>', description: 'send a webhook delivery again now' })
export class ReplayWebhookCommand extends CommandRunner {
  constructor(private readonly webhooks: WebhooksService) {
    super();
  }

  async run([id]: string[]): Promise<void> {
    await this.webhooks.replay(id, CLI_ACTOR);
    printLine(`${id}: replaying (one attempt now)`);
  }
}

@SubCommand({
  name: 'deliveries',
  description: 'list webhook deliveries, newest first (--status failed: what to replay)',
})
export class ListWebhookDeliveriesCommand extends JsonFlag {
  constructor(private readonly webhooks: WebhooksService) {
    super();
  }

  async run(_args: string[], options: { status?: WebhookDeliveryStatus; destination?: string; json?: boolean }) {
    const { items } = await this.webhooks.listDeliveries(
      { status: options.status, destinationId: options.destination },
      undefined,
      CLI_DELIVERY_LIMIT,
    );
    printList(
      items,
      options.json,
      'No webhook deliveries.',
      (delivery) =>
        `${delivery.id}  ${delivery.status}  ${delivery.event}  destination ${delivery.destination_id}  ` +
        `${delivery.attempts} attempt(s)${delivery.last_error ? `  last: ${delivery.last_error}` : ''}`,
    );
  }

  @Option({ flags: '--status <status>', description: 'pending, delivered or failed' })
  parseStatus(value: string): WebhookDeliveryStatus {
    if (!(WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(value)) {
      throw new Error(`--status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}`);
    }
    return value as WebhookDeliveryStatus;
  }

  @Option({ flags: '--destination <id>', description: 'one destination (`config` for STAFF_WEBHOOK_URL)' })
  parseDestination(value: string): string {
    return value;
  }
}

@Command({
  name: 'webhooks',
  description: 'manage webhook destinations',
  subCommands: [
    AddWebhookCommand,
    ListWebhooksCommand,
    RemoveWebhookCommand,
    RotateWebhookSecretCommand,
    EnableWebhookCommand,
    ReplayWebhookCommand,
    ListWebhookDeliveriesCommand,
  ],
})
export class WebhooksCommand extends CommandRunner {
  run(): Promise<void> {
    this.command.help();
  }
}

export const WEBHOOK_COMMANDS = [
  WebhooksCommand,
  AddWebhookCommand,
  ListWebhooksCommand,
  RemoveWebhookCommand,
  RotateWebhookSecretCommand,
  EnableWebhookCommand,
  ReplayWebhookCommand,
  ListWebhookDeliveriesCommand,
];
