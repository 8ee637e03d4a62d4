import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntitySubscriberInterface, LoadEvent } from 'typeorm';
import { FieldCipher, SEALED_COLUMNS, SealableRow, SealedTable } from './field-cipher';

/**
 * Opens sealed columns as TypeORM loads a row of a sealed table (submissions, notes, webhook
 * destinations: SEALED_COLUMNS, by table name, so this imports no room), so every reader (staff API,
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

  afterLoad(entity: unknown, event?: LoadEvent<unknown>): void {
    const table = event?.metadata.tableName;
    if (table === undefined || !(table in SEALED_COLUMNS)) {
      return;
    }
    const row = entity as SealableRow & { unreadable?: string };
    const unreadable = this.cipher.openRow(table as SealedTable, row);
    if (unreadable !== null) {
      row.unreadable = unreadable;
    }
  }
}
