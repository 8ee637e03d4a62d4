import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, LessThanOrEqual, MoreThan, Repository } from 'typeorm';
import { FieldCipher } from '../database/field-cipher';
import type { Transaction } from '../database/transactions';
import { WebhookAttemptEntity } from './entities/webhook-attempt.entity';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity';
import {
  WEBHOOK_DELIVERY_STATE,
  WEBHOOK_DELIVERY_TRANSITIONS,
  WebhookDeliveryTransition,
  WebhookDeliveryStatus,
} from './webhook-delivery-state';
import { WebhookDestinationEntity } from './entities/webhook-destination.entity';

/** What makes a delivery unique: its submission, destination and event key. */
function deliveryKey(row: Pick<WebhookDeliveryEntity, 'submissionId' | 'destinationId' | 'eventKey'>): string {
  // Lower case: the unique key's collation ignores case, so the row it kept may be spelled otherwise.
  return `${row.submissionId} ${row.destinationId} ${row.eventKey}`.toLowerCase();
}

/** Every query of the webhook tables. */
@Injectable()
export class WebhooksRepository {
  constructor(
    @InjectRepository(WebhookDestinationEntity) private readonly destinations: Repository<WebhookDestinationEntity>,
    @InjectRepository(WebhookDeliveryEntity) private readonly deliveries: Repository<WebhookDeliveryEntity>,
    @InjectRepository(WebhookAttemptEntity) private readonly attempts: Repository<WebhookAttemptEntity>,
    private readonly cipher: FieldCipher,
  ) {}

  /** Stores a destination, its secret sealed when DATA_ENCRYPTION_KEYS is set (loading opens it again). */
  async insertDestination(destination: WebhookDestinationEntity): Promise<void> {
    await this.destinations.insert(this.cipher.sealRow('webhook_destinations', destination));
  }

  listDestinations(): Promise<WebhookDestinationEntity[]> {
    return this.destinations.find({ order: { createdAt: 'ASC' } });
  }

  findDestination(id: string): Promise<WebhookDestinationEntity | null> {
    return this.destinations.findOneBy({ id });
  }

  /**
   * The enabled destinations of these keys' submissions: each key's own and the global ones (api_key_id
   * null), with the events they take; no secret is read (nor opened).
   */
  async destinationsOf(
    apiKeyIds: readonly string[],
    tx?: Transaction,
  ): Promise<Pick<WebhookDestinationEntity, 'id' | 'apiKeyId' | 'events'>[]> {
    // Hand-written (every change that sends a webhook runs it): the query builder and hydration cost
    // more CPU than the round trip.
    const ofKeys = apiKeyIds.length > 0 ? 'api_key_id IN (?) OR ' : '';
    return (tx ?? this.destinations.manager).query(
      'SELECT id, api_key_id AS apiKeyId, events FROM webhook_destinations ' +
        `WHERE enabled = 1 AND (${ofKeys}api_key_id IS NULL) ORDER BY id`,
      apiKeyIds.length > 0 ? [[...apiKeyIds]] : [],
    );
  }

  async updateDestination(
    id: string,
    changes: Partial<Pick<WebhookDestinationEntity, 'enabled' | 'disabledReason'>>,
  ): Promise<void> {
    await this.destinations.update({ id }, changes);
  }

  /** Both secrets at once: they are sealed together, under the current key named in `enc_key_id`. */
  async updateSecrets(
    id: string,
    changes: Pick<WebhookDestinationEntity, 'secret' | 'previousSecret' | 'previousSecretUntil'>,
  ): Promise<void> {
    const { secret, previousSecret, encKeyId } = this.cipher.sealRow('webhook_destinations', {
      id,
      encKeyId: null,
      secret: changes.secret,
      previousSecret: changes.previousSecret,
    });
    await this.destinations.update(
      { id },
      { secret, previousSecret, encKeyId, previousSecretUntil: changes.previousSecretUntil },
    );
  }

  async removeDestination(id: string): Promise<boolean> {
    return ((await this.destinations.delete({ id })).affected ?? 0) > 0;
  }

  /**
   * Inserts each delivery unless its event already has one for its destination, in one statement, and
   * answers the stored ones (id and status) in the order given: one round trip each for all of a
   * transaction's deliveries.
   */
  async ensureDeliveries(
    deliveries: WebhookDeliveryEntity[],
    tx?: Transaction,
  ): Promise<Pick<WebhookDeliveryEntity, 'id' | 'status'>[]> {
    if (deliveries.length === 0) {
      return [];
    }
    const repository = tx ? tx.getRepository(WebhookDeliveryEntity) : this.deliveries;
    await repository
      .createQueryBuilder()
      .insert()
      .values(deliveries as never[])
      .orIgnore()
      .execute();
    const rows = await repository.find({
      select: { id: true, status: true, submissionId: true, destinationId: true, eventKey: true },
      where: deliveries.map(({ submissionId, destinationId, eventKey }) => ({ submissionId, destinationId, eventKey })),
    });
    const stored = new Map(rows.map((row) => [deliveryKey(row), row]));
    return deliveries.map((delivery) => stored.get(deliveryKey(delivery))!);
  }

  /**
   * Up to `limit` deliveries still pending that were created before `cutoff`, after id `afterId`
   * (keyset, so repeated calls walk the whole set): the reconciler checks each still has its job.
   */
  pendingBefore(
    cutoff: Date,
    afterId: string,
    limit: number,
  ): Promise<Pick<WebhookDeliveryEntity, 'id' | 'submissionId' | 'destinationId' | 'eventKey'>[]> {
    return this.deliveries.find({
      select: { id: true, submissionId: true, destinationId: true, eventKey: true },
      where: { status: WEBHOOK_DELIVERY_STATE.pending, createdAt: LessThan(cutoff), id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  findDelivery(id: string): Promise<WebhookDeliveryEntity | null> {
    return this.deliveries.findOneBy({ id });
  }

  deliveriesOf(submissionId: string): Promise<WebhookDeliveryEntity[]> {
    return this.deliveries.find({ where: { submissionId }, order: { id: 'ASC' } });
  }

  /** A page of deliveries, newest first, before the `before` id. */
  findDeliveryPage(
    filter: { status?: WebhookDeliveryStatus; destinationId?: string },
    before: string | undefined,
    limit: number,
  ): Promise<WebhookDeliveryEntity[]> {
    return this.deliveries.find({
      where: {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.destinationId ? { destinationId: filter.destinationId } : {}),
        ...(before ? { id: LessThan(before) } : {}),
      },
      order: { id: 'DESC' },
      take: limit,
    });
  }

  attemptsOf(deliveryIds: string[]): Promise<WebhookAttemptEntity[]> {
    return deliveryIds.length === 0
      ? Promise.resolve([])
      : this.attempts.find({ where: { deliveryId: In(deliveryIds) }, order: { id: 'ASC' } });
  }

  /**
   * Applies a transition (see WEBHOOK_DELIVERY_TRANSITIONS) with the columns it records, as one UPDATE
   * that names the states it may come from. Answers whether it changed the row: false when the
   * delivery is gone or another writer moved it first.
   */
  async applyDelivery(
    id: string,
    event: WebhookDeliveryTransition,
    changes: Partial<Pick<WebhookDeliveryEntity, 'lastStatusCode' | 'lastError' | 'deliveredAt' | 'lastReplayedAt'>> & {
      countAttempt?: boolean;
    } = {},
  ): Promise<boolean> {
    const { from, to } = WEBHOOK_DELIVERY_TRANSITIONS[event];
    const { countAttempt, ...columns } = changes;
    const result = await this.deliveries.update(
      { id, status: In([...from]) },
      { ...columns, status: to, ...(countAttempt ? { attempts: () => 'attempts + 1' } : {}) },
    );
    return (result.affected ?? 0) === 1;
  }

  /**
   * Starts a staff replay (the `replay` transition) unless the delivery was replayed after `heldSince`:
   * one UPDATE naming both the states it may come from and the last replay's time, so of any number of
   * replays racing, or following one another within the hold, exactly one changes the row.
   */
  async startReplay(id: string, now: Date, heldSince: Date): Promise<boolean> {
    const { from, to } = WEBHOOK_DELIVERY_TRANSITIONS.replay;
    const replayable = { id, status: In([...from]) };
    const result = await this.deliveries.update(
      [
        { ...replayable, lastReplayedAt: IsNull() },
        { ...replayable, lastReplayedAt: LessThanOrEqual(heldSince) },
      ],
      { status: to, lastReplayedAt: now },
    );
    return (result.affected ?? 0) === 1;
  }

  async insertAttempt(attempt: WebhookAttemptEntity): Promise<void> {
    await this.attempts.insert(attempt);
  }

  /**
   * Deletes the webhook deliveries of these submissions and their attempts, in `tx` (erasure and
   * retention); answers the deleted deliveries, whose jobs the caller forgets.
   */
  async deleteOfSubmissions(
    submissionIds: string[],
    tx: Transaction,
  ): Promise<Pick<WebhookDeliveryEntity, 'id' | 'submissionId' | 'destinationId' | 'eventKey'>[]> {
    const deliveries = await tx.getRepository(WebhookDeliveryEntity).find({
      select: { id: true, submissionId: true, destinationId: true, eventKey: true },
      where: { submissionId: In(submissionIds) },
    });
    if (deliveries.length > 0) {
      await tx.getRepository(WebhookAttemptEntity).delete({ deliveryId: In(deliveries.map((row) => row.id)) });
      await tx.getRepository(WebhookDeliveryEntity).delete({ submissionId: In(submissionIds) });
    }
    return deliveries;
  }
}
