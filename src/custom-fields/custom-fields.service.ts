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
 * intake, the staff views and the filters share. A set is compiled once per key and version (its
 * checks are compiled JSON Schema: milliseconds, so never per request nor per cache expiry) and kept.
 * The intake finds its set by the version its cached key carries (no query); staff reads ask which
 * version is the latest at most every API_KEY_CACHE_TTL seconds, and the process that stores a version
 * knows it at once.
 */
@Injectable()
export class CustomFieldsService {
  private readonly ajv: Ajv2020 = newSchemaValidator();
  /** Compiled sets by `<key id>@<version>`. */
  private readonly sets: LRUCache<string, FieldSet>;
  /** Each key's latest version, as staff reads trust it. */
  private readonly latest: LRUCache<string, number>;
  /** What a key that never had fields checks with (shared: it holds nothing of the key). */
  private readonly noFields = new FieldSet('', 0, [], [], this.ajv);
  /** Every key's fields by name and the keys that have any (see definitionsOf). */
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
      // A fetch replaced by a set stored meanwhile (replace()) still answers those waiting on it.
      ignoreFetchAbort: true,
      fetchMethod: async (key) => {
        const [apiKeyId, version] = key.split('@');
        return this.build(apiKeyId, await this.versions.ofKeys([apiKeyId]), Number(version));
      },
    });
    this.latest = new LRUCache({
      max: CACHED_SETS,
      ttl: this.ttlMs,
      ignoreFetchAbort: true,
      fetchMethod: async (apiKeyId) => (await this.versions.latestVersions([apiKeyId])).get(apiKeyId) ?? 0,
    });
  }

  /**
   * The fields the intake checks a body against: those of `fieldsVersion`, the key's cached column (a
   * new version applies within API_KEY_CACHE_TTL). A key that never had fields costs nothing.
   */
  async forIntake(apiKey: { id: string; fieldsVersion: number }): Promise<FieldSet> {
    return apiKey.fieldsVersion === 0 ? this.noFields : this.setAt(apiKey.id, apiKey.fieldsVersion);
  }

  /** A key's fields as staff read them (current and retired). */
  async of(apiKeyId: string): Promise<FieldSet> {
    return this.setAt(apiKeyId, (await this.latest.fetch(apiKeyId))!);
  }

  /** A key's set at a version: compiled once, then from memory. */
  private async setAt(apiKeyId: string, version: number): Promise<FieldSet> {
    return this.sets.get(`${apiKeyId}@${version}`) ?? (await this.sets.fetch(`${apiKeyId}@${version}`))!;
  }

  /** The fields of each of these keys (a page of the list, an export). */
  async ofKeys(apiKeyIds: Iterable<string>): Promise<Map<string, FieldSet>> {
    const unique = [...new Set(apiKeyIds)];
    const sets = await Promise.all(unique.map((id) => this.of(id)));
    return new Map(unique.map((id, i) => [id, sets[i]]));
  }

  /**
   * Every key's definition of the field `name` (each key's latest, current or retired), for what names
   * a field across keys: filters, rules, SLA policies and reports (the same name may be a select of one
   * key and a text of another, or of none). From one read of every key's versions, trusted as long as
   * the sets are (and dropped at once by this process's PUT).
   */
  async definitionsOf(name: string): Promise<readonly KeyFieldDefinition[]> {
    return (await this.everyKeysFields()).byName.get(name) ?? [];
  }

  /** The names of every field of any key (current or retired) of one of these types. */
  async namesOfTypes(types: ReadonlySet<FieldType>): Promise<string[]> {
    const names: string[] = [];
    for (const [name, definitions] of (await this.everyKeysFields()).byName) {
      if (definitions.some((found) => types.has(found.definition.type))) {
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
    const apiKey = await this.apiKeys.get(apiKeyId);
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
    // This process reads the new version at once (others within API_KEY_CACHE_TTL: their cached key's
    // fields_version, and the latest version staff reads trust).
    this.sets.set(`${apiKeyId}@${view.version}`, this.build(apiKeyId, view.history, view.version));
    this.latest.set(apiKeyId, view.version);
    this.catalogue = null;
    // Once committed: a key read again before the commit would carry the old version for a TTL.
    this.apiKeys.forgetCached(apiKey);
    return { version: view.version, fields: view.fields };
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

  /** The set of `version` (0: none) from the key's versions (those after it are left out). */
  private build(apiKeyId: string, history: readonly StoredVersion[], version: number): FieldSet {
    history = history.filter((stored) => stored.version <= version);
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
  byName: Map<string, KeyFieldDefinition[]>;
  apiKeyIds: string[];
}

function catalogueOf(versions: readonly CustomFieldVersionEntity[]): FieldCatalogue {
  const byKey = new Map<string, CustomFieldVersionEntity[]>();
  for (const version of versions) {
    listIn(byKey, version.apiKeyId).push(version);
  }
  const byName = new Map<string, KeyFieldDefinition[]>();
  const apiKeyIds: string[] = [];
  for (const [apiKeyId, history] of byKey) {
    const fields = everyField(history);
    if (fields.size > 0) {
      apiKeyIds.push(apiKeyId);
    }
    const current = new Set(history.at(-1)!.definitions.map((field) => field.name));
    for (const definition of fields.values()) {
      listIn(byName, definition.name).push({ apiKeyId, definition, retired: !current.has(definition.name) });
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
function everyField(history: readonly StoredVersion[]): Map<string, FieldDefinition> {
  const fields = new Map<string, FieldDefinition>();
  for (const version of history) {
    for (const field of version.definitions) {
      fields.set(field.name, field);
    }
  }
  return fields;
}
