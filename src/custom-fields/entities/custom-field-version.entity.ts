import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { FieldDefinition } from '../field-definitions';

/**
 * One version of a key's custom fields: the whole list an admin PUT, in order. Every PUT is a new row
 * (the latest is the key's fields; a field in an earlier row and not in the latest is retired), so
 * adding, changing or retiring a field writes rows and never changes a table (no DDL per field).
 */
@Entity({ name: 'custom_field_versions' })
@Index('uq_custom_field_versions_key', ['apiKeyId', 'version'], { unique: true })
export class CustomFieldVersionEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'api_key_id', type: 'char', length: 36 })
  apiKeyId!: string;

  @Column({ type: 'int', unsigned: true })
  version!: number;

  @Column({ type: 'simple-json' })
  definitions!: FieldDefinition[];

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
