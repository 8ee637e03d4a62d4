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
import { FieldDefinition, FieldType, parseDefinitions } from './field-definitions';
import { FieldSet } from './field-set';
import { newSchemaValidator } from './field-values';

/** Keys whose compiled fields a process keeps (each a few kilobytes). */
const CACHED_SETS = 10_000;

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
  /** Every key's fields by name and the keys that have any (see `named`), trusted as long as the sets are. */
  private catalogue: { until: number; fields: Promise<FieldCatalogue> } | null = null;
  private readonly ttlMs: number;

  constructor(
    private readonly versions: CustomFieldVersionsRepository,
    private readonly apiKeys: ApiKeyService,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    config: AppConfig,
  ) {
    this.ttlMs = Math.max(1, config.auth.apiKeyCacheTtl * 1000);
    this.sets = new LRUCache({
      max: CACHED_SETS,
      ttl: this.ttlMs,
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
    this.sets.delete(apiKey.id);
    return (await this.sets.fetch(apiKey.id))!;
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
   * Every definition of a field named `name` across keys, each key's latest (current or retired), for
   * what names a field without naming a key: the list's and the export's `field.<name>` filters.
   */
  async named(name: string): Promise<readonly FieldDefinition[]> {
    return (await this.everyKeysFields()).byName.get(name) ?? [];
  }

  /** The names of every field of any key (current or retired) of one of these types. */
  async namesOfTypes(types: ReadonlySet<FieldType>): Promise<string[]> {
    const names: string[] = [];
    for (const [name, definitions] of (await this.everyKeysFields()).byName) {
      if (definitions.some((field) => types.has(field.type))) {
        names.push(name);
      }
    }
    return names;
  }

  /** The keys that have or had fields, oldest key first (their ids are UUIDv7: time-ordered). */
  async keysWithFields(): Promise<readonly string[]> {
    return (await this.everyKeysFields()).apiKeyIds;
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
      return { version, fields };
    });
    this.sets.delete(apiKeyId);
    this.catalogue = null;
    return view;
  }

  private everyKeysFields(): Promise<FieldCatalogue> {
    const now = Date.now();
    if (!this.catalogue || this.catalogue.until <= now) {
      const fields = this.versions.all().then(catalogueOf);
      const entry = { until: now + this.ttlMs, fields };
      this.catalogue = entry;
      // A failed read is not kept: the next caller reads again.
      fields.catch(() => {
        if (this.catalogue === entry) {
          this.catalogue = null;
        }
      });
    }
    return this.catalogue.fields;
  }

  private emptySet(apiKeyId: string): FieldSet {
    return new FieldSet(apiKeyId, 0, [], [], this.ajv);
  }

  private build(apiKeyId: string, history: CustomFieldVersionEntity[]): FieldSet {
    const latest = history.at(-1);
    if (!latest) {
      return this.emptySet(apiKeyId);
    }
    const current = new Set(latest.definitions.map((field) => field.name));
    const retired = [...everyField(history).values()].filter((field) => !current.has(field.name));
    return new FieldSet(apiKeyId, latest.version, latest.definitions, retired, this.ajv);
  }
}

/** Every key's fields (each as its key's latest version defined it) by name, and the keys that have fields. */
interface FieldCatalogue {
  byName: Map<string, FieldDefinition[]>;
  apiKeyIds: string[];
}

function catalogueOf(versions: readonly CustomFieldVersionEntity[]): FieldCatalogue {
  const byKey = new Map<string, CustomFieldVersionEntity[]>();
  for (const version of versions) {
    listIn(byKey, version.apiKeyId).push(version);
  }
  const byName = new Map<string, FieldDefinition[]>();
  const apiKeyIds: string[] = [];
  for (const [apiKeyId, history] of byKey) {
    const fields = everyField(history);
    if (fields.size > 0) {
      apiKeyIds.push(apiKeyId);
    }
    for (const field of fields.values()) {
      listIn(byName, field.name).push(field);
    }
  }
  apiKeyIds.sort();
  return { byName, apiKeyIds };
}

/** The list under `key`, added empty when there is none yet. */
function listIn<T>(lists: Map<string, T[]>, key: string): T[] {
  let list = lists.get(key);
  if (!list) {
    list = [];
    lists.set(key, list);
  }
  return list;
}

/** Every field a key has had, each as its latest version defined it, in the order they first came. */
function everyField(history: readonly CustomFieldVersionEntity[]): Map<string, FieldDefinition> {
  const fields = new Map<string, FieldDefinition>();
  for (const version of history) {
    for (const field of version.definitions) {
      fields.set(field.name, field);
    }
  }
  return fields;
}
