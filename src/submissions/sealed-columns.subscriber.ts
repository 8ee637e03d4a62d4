import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntitySubscriberInterface } from 'typeorm';
import { FieldCipher } from '../database/field-cipher';
import { SubmissionNoteEntity } from './entities/submission-note.entity';
import { SubmissionEntity } from './entities/submission.entity';

/**
 * Opens sealed personal columns as TypeORM loads submissions and notes, so every reader (staff API,
 * CSV export, channels, privacy export) sees plain values without knowing about encryption. Rows are
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
    if (entity instanceof SubmissionEntity) {
      this.cipher.openRow('submissions', entity);
    } else if (entity instanceof SubmissionNoteEntity) {
      this.cipher.openRow('submission_notes', entity);
    }
  }
}
