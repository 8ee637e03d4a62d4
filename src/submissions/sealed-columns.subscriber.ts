import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntitySubscriberInterface } from 'typeorm';
import { FieldCipher, SealedTable } from '../database/field-cipher';
import { WebhookDestinationEntity } from '../webhooks/entities/webhook-destination.entity';
import { SubmissionNoteEntity } from './entities/submission-note.entity';
import { SubmissionEntity } from './entities/submission.entity';

/** The entities with sealed columns, and their table in SEALED_COLUMNS. */
const SEALED_ENTITIES: [abstract new () => unknown, SealedTable][] = [
  [SubmissionEntity, 'submissions'],
  [SubmissionNoteEntity, 'submission_notes'],
  [WebhookDestinationEntity, 'webhook_destinations'],
];

/**
 * Opens sealed columns as TypeORM loads submissions, notes and webhook destinations, so every reader (staff API,
 * CSV export, channels, privacy export) sees plain values without knowing about encryption; a row
 * that does not open loads all the same, its failed columns null and `unreadable` saying why. Rows are
 * sealed on the way in by the repositories (the hot INSERT bypasses TypeORM's insert events).
 */
@Injectable()
export class SealedColumnsSubscriber implements EntitySubscriberInterface {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly cipher: FieldCipher,
  ) {
    // Opening twice would fail: one subscriber per data source, however often the module is built.
    if (!dataSource.subscribers.some((subscriber) => subscriber instanceof SealedColumnsSubscriber)) {
      dataSource.subscribers.push(this);
    }
  }

  afterLoad(entity: unknown): void {
    const table = SEALED_ENTITIES.find(([type]) => entity instanceof type)?.[1];
    if (table === undefined) {
      return;
    }
    const row = entity as SubmissionEntity | SubmissionNoteEntity | WebhookDestinationEntity;
    const unreadable = this.cipher.openRow(table, row);
    if (unreadable !== null) {
      row.unreadable = unreadable;
    }
  }
}
