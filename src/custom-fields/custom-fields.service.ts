import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { v7 as uuidv7 } from 'uuid';
import type Ajv2020 from 'ajv/dist/2020';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { ApiKeyService } from '../api-keys/api-key.service';
import { AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import { CustomFieldVersionsRepository } from './custom-field-versions.repository';
import { CustomFieldVersionEntity } from './entities/custom-field-version.entity';
import { FieldDefinition, parseDefinitions } from './field-definitions';
import { FieldSet } from './field-set';
import { newSchemaValidator } from './field-values';

/** What a set is built from: each version's number and list. */
type StoredVersion = Pick<CustomFieldVersionEntity, 'version' | 'definitions'>;

/** Keys whose compiled fields a process keeps (each a few kilobytes). */
const CACHED_SETS = 10_000;

/** One key's definition of a field name: current, or retired (its values stay). */
export interface KeyFieldDefinition {
  apiKeyId: string;
  definition: FieldDefinition;
  retired: boolean;
}

/** A key's fields as `GET/PUT /staff/api/keys/:id/fields` answer them. */
export interface FieldsView {
  version: number;
  fields: FieldDefinition[];
}

/**
 * A key's custom fields: its versions (every PUT a new one, audited), compiled into FieldSets that the
 * intake, the staff views and the filters share. The intake finds a key's set by the version its
 * cached key carries (no query once compiled); staff reads trust a set for API_KEY_CACHE_TTL seconds,
 * and the process that stores a version forgets its own copy at once.
 */
@Injectable()
export class CustomFieldsService {
  private readonly ajv: Ajv2020 = newSchemaValidator();
  private readonly sets: LRUCache<string, FieldSet>;
  /** What a key that never had fields checks with (shared: it holds nothing of the key). */
  private readonly noFields = new FieldSet('', 0, [], [], this.ajv);

  constructor(
    private readonly versions: CustomFieldVersionsRepository,
    private readonly apiKeys: ApiKeyService,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    config: AppConfig,
  ) {
    this.sets = new LRUCache({
      max: CACHED_SETS,
      ttl: Math.max(1, config.auth.apiKeyCacheTtl * 1000),
      // A fetch replaced by a newer set (replace()) still answers those waiting on it, and is not cached.
      ignoreFetchAbort: true,
      fetchMethod: async (apiKeyId) => this.build(apiKeyId, await this.versions.ofKeys([apiKeyId])),
    });
  }

  /**
   * The fields the intake checks a body against: those of `fieldsVersion` (the key's cached column)
   * or newer. A key that never had fields costs nothing.
   */
  async forIntake(apiKey: { id: string; fieldsVersion: number }): Promise<FieldSet> {
    if (apiKey.fieldsVersion === 0) {
      return this.noFields;
    }
    const cached = this.sets.get(apiKey.id, { allowStale: false });
    if (cached && cached.version >= apiKey.fieldsVersion) {
      return cached;
    }
    // Older than the key says (another process stored a version): read afresh. A fetch in flight is
    // shared, never aborted (a delete while the set was fetched failed every request waiting on it).
    return (await this.sets.fetch(apiKey.id, { forceRefresh: cached !== undefined }))!;
  }

  /** A key's fields as staff read them (current and retired). */
  async of(apiKeyId: string): Promise<FieldSet> {
    return (await this.sets.fetch(apiKeyId))!;
  }

  /** The fields of each of these keys (a page of the list, an export). */
  async ofKeys(apiKeyIds: Iterable<string>): Promise<Map<string, FieldSet>> {
    const unique = [...new Set(apiKeyIds)];
    const sets = await Promise.all(unique.map((id) => this.of(id)));
    return new Map(unique.map((id, i) => [id, sets[i]]));
  }

  /**
   * Every key's definition of the field `name`, current or retired: rules, SLA policies and reports name
   * a field across keys (the same name may be a select of one key and a text of another, or of none).
   * Keys whose fields are not in memory are read in one query.
   */
  async definitionsOf(name: string): Promise<KeyFieldDefinition[]> {
    const keys = (await this.apiKeys.list()).filter((key) => key.fieldsVersion > 0).map((key) => key.id);
    const missing = keys.filter((id) => !this.sets.has(id));
    if (missing.length > 0) {
      const histories = new Map<string, CustomFieldVersionEntity[]>(missing.map((id) => [id, []]));
      for (const version of await this.versions.ofKeys(missing)) {
        histories.get(version.apiKeyId)!.push(version);
      }
      for (const [id, history] of histories) {
        this.sets.set(id, this.build(id, history));
      }
    }
    const found: KeyFieldDefinition[] = [];
    for (const id of keys) {
      const field = (this.sets.get(id) ?? (await this.of(id))).anyField(name);
      if (field) {
        found.push({ apiKeyId: id, ...field });
      }
    }
    return found;
  }

  /** `GET /staff/api/keys/:id/fields`: the current version (404 for an unknown key). */
  async view(apiKeyId: string): Promise<FieldsView> {
    await this.apiKeys.get(apiKeyId);
    const set = await this.of(apiKeyId);
    return { version: set.version, fields: [...set.current] };
  }

  /**
   * `PUT /staff/api/keys/:id/fields`: the whole list as a new version, in one transaction with the
   * key's `fields_version` and the audit event. A field left out is retired; its values stay.
   */
  async replace(apiKeyId: string, body: unknown, actor: Actor): Promise<FieldsView> {
    await this.apiKeys.get(apiKeyId);
    const view = await this.transactions.run(async (tx) => {
      const history = await this.versions.ofKeys([apiKeyId], tx);
      const before = history.at(-1)?.definitions ?? [];
      const fields = parseDefinitions(body, everyField(history));
      const version = (history.at(-1)?.version ?? 0) + 1;
      await this.versions.insert({ id: uuidv7(), apiKeyId, version, definitions: fields, createdAt: new Date() }, tx);
      await this.apiKeys.setFieldsVersion(apiKeyId, version, tx);
      await this.audit.record(
        actor,
        {
          action: 'custom_fields.updated',
          target: { type: 'api_key', id: apiKeyId },
          before: { version: version - 1, fields: before.map((field) => field.name) },
          after: { version, fields: fields.map((field) => field.name) },
        },
        tx,
      );
      return { version, fields, history: [...history, { version, definitions: fields }] };
    });
    // This process reads the new version at once (others within API_KEY_CACHE_TTL, or at their next
    // intake for the key: its cached fields_version moves).
    this.sets.set(apiKeyId, this.build(apiKeyId, view.history));
    return { version: view.version, fields: view.fields };
  }

  private emptySet(apiKeyId: string): FieldSet {
    return new FieldSet(apiKeyId, 0, [], [], this.ajv);
  }

  private build(apiKeyId: string, history: readonly StoredVersion[]): FieldSet {
    const latest = history.at(-1);
    if (!latest) {
      return this.emptySet(apiKeyId);
    }
    const current = new Set(latest.definitions.map((field) => field.name));
    const retired = [...everyField(history).values()].filter((field) => !current.has(field.name));
    return new FieldSet(apiKeyId, latest.version, latest.definitions, retired, this.ajv);
  }
}

/** Every field a key has had, each as its latest version defined it, in the order they first came. */
function everyField(history: readonly StoredVersion[]): Map<string, FieldDefinition> {
  const fields = new Map<string, FieldDefinition>();
  for (const version of history) {
    for (const field of version.definitions) {
      fields.set(field.name, field);
    }
  }
  return fields;
}
