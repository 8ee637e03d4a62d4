import type { Transaction } from '../database/transactions';
import { isEmail } from 'class-validator';
import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { sha256Hex } from '../database/sha256';
import { ApiException } from '../http/api-exception';
import { AppConfig } from '../config/app-config';
import { displayPrefixOf, generateApiKey, isWellFormedApiKey } from './api-key-format';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeyEntity } from './entities/api-key.entity';

export interface RateLimitSettings {
  rateLimit?: number;
  rateWindow?: number;
  rateBlock?: number | null;
}

/** What may change on a key: its name, its rate limit and how long its closed submissions are kept. */
export interface ApiKeyChanges extends RateLimitSettings {
  name?: string;
  /** Days; 0 keeps forever; null follows RETENTION_DAYS. */
  retentionDays?: number | null;
  /** Who replies and acknowledgements come from; null: REPLY_FROM. */
  replyFromName?: string | null;
  replyFromAddress?: string | null;
  /** The automatic acknowledgement (`{{name}}`, `{{ref}}`); null: none. */
  autoAckSubject?: string | null;
  autoAckBody?: string | null;
  /** Whether the intake's spam checks run for the key's submissions. */
  spamFilter?: boolean;
  /** Whether closing the key's submissions mails the requester a satisfaction survey. */
  csat?: boolean;
}

/** The part-three settings of a key as the API and the CLI take them, checked into column values. */
export function mailSettingsOf(input: {
  reply_from?: { name?: unknown; address?: unknown } | null;
  auto_ack?: { subject?: unknown; body?: unknown } | null;
}): Pick<ApiKeyChanges, 'replyFromName' | 'replyFromAddress' | 'autoAckSubject' | 'autoAckBody'> {
  const settings: ReturnType<typeof mailSettingsOf> = {};
  const text = (value: unknown, max: number, multiline: boolean) =>
    typeof value === 'string' &&
    value.trim() !== '' &&
    [...value.trim()].length <= max &&
    !(multiline ? MULTILINE_CONTROL : SINGLE_LINE_CONTROL).test(value);
  if (input.reply_from === null) {
    Object.assign(settings, { replyFromName: null, replyFromAddress: null });
  } else if (input.reply_from !== undefined) {
    const { name, address } = input.reply_from;
    if (
      Object.keys(input.reply_from).some((field) => field !== 'name' && field !== 'address') ||
      typeof address !== 'string' ||
      !isEmail(address) ||
      (name !== undefined && name !== null && !text(name, 200, false))
    ) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: reply_from');
    }
    Object.assign(settings, {
      replyFromAddress: address.trim(),
      replyFromName: typeof name === 'string' ? name.trim() : null,
    });
  }
  if (input.auto_ack === null) {
    Object.assign(settings, { autoAckSubject: null, autoAckBody: null });
  } else if (input.auto_ack !== undefined) {
    const { subject, body } = input.auto_ack;
    const unknown = Object.keys(input.auto_ack).some((field) => field !== 'subject' && field !== 'body');
    if (unknown || !text(subject, 200, false) || !text(body, 5000, true)) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: auto_ack');
    }
    Object.assign(settings, { autoAckSubject: (subject as string).trim(), autoAckBody: (body as string).trim() });
  }
  return settings;
}

/** Control characters; a subject or a name takes no line break either (a header injection). */
const MULTILINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

export interface CreatedApiKey {
  apiKey: ApiKeyEntity;
  /** The clear key: shown once, never stored. */
  key: string;
}

export interface RevokedApiKey {
  apiKey: ApiKeyEntity;
  /** False when the key had been revoked before this call. */
  revokedNow: boolean;
}

/** How often a key's last_used_at is written at most, so authentication does not write every time. */
const LAST_USED_RESOLUTION_MS = 60_000;
const CACHED_KEYS_MAX = 10_000;

/** lru-cache holds no null, and "no such active key" is worth caching too. */
interface CachedKey {
  apiKey: ApiKeyEntity | null;
}

@Injectable()
export class ApiKeyService {
  /**
   * Active keys by key hash and by id, for at most API_KEY_CACHE_TTL seconds. fetch() is single
   * flight: a burst of requests for a key that is not cached shares one database query instead of
   * each taking a pool connection (which made 1,000 simultaneous submissions exhaust the pool).
   */
  private readonly byHash: LRUCache<string, CachedKey>;
  private readonly byId: LRUCache<string, CachedKey>;
  private readonly lastUsedWritten = new LRUCache<string, true>({ max: CACHED_KEYS_MAX, ttl: LAST_USED_RESOLUTION_MS });

  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {
    // lru-cache reads ttl 0 as "forever"; 1 ms is "not cached" while still sharing a query in flight.
    const ttl = Math.max(1, config.auth.apiKeyCacheTtl * 1000);
    this.byHash = new LRUCache({
      max: CACHED_KEYS_MAX,
      ttl,
      fetchMethod: async (hash) => ({ apiKey: await repository.findActiveByHash(hash) }),
    });
    this.byId = new LRUCache({
      max: CACHED_KEYS_MAX,
      ttl,
      fetchMethod: async (id) => ({ apiKey: await repository.findActiveById(id) }),
    });
  }

  async create(name: string, limits: RateLimitSettings, actor: Actor): Promise<CreatedApiKey> {
    const key = generateApiKey();
    const apiKey: ApiKeyEntity = {
      id: uuidv7(),
      name: nameOf(name),
      keyHash: sha256Hex(key),
      prefix: displayPrefixOf(key),
      rateLimit: limits.rateLimit ?? this.config.rateLimit.defaultLimit,
      rateWindow: limits.rateWindow ?? this.config.rateLimit.defaultWindow,
      rateBlock: limits.rateBlock ?? null,
      retentionDays: null,
      replyFromName: null,
      replyFromAddress: null,
      autoAckSubject: null,
      autoAckBody: null,
      spamFilter: true,
      csat: false,
      fieldsVersion: 0,
      createdAt: new Date(),
      revokedAt: null,
      lastUsedAt: null,
    };
    await this.repository.insert(apiKey);
    await this.audit.record(actor, {
      action: 'api_key.created',
      target: { type: 'api_key', id: apiKey.id },
      after: { name: apiKey.name, prefix: apiKey.prefix, ...limitsOf(apiKey) },
    });
    return { apiKey, key };
  }

  list(): Promise<ApiKeyEntity[]> {
    return this.repository.list();
  }

  async get(id: string): Promise<ApiKeyEntity> {
    const apiKey = await this.repository.findById(id);
    if (!apiKey) {
      // Detailed for the CLI; the HTTP answer is the contract's fixed `Not found`.
      throw new NotFoundException(`No API key with id ${id}`);
    }
    return apiKey;
  }

  async revoke(id: string, actor: Actor): Promise<RevokedApiKey> {
    const apiKey = await this.get(id);
    const revokedNow = await this.repository.revoke(id, new Date());
    this.forget(apiKey);
    if (revokedNow) {
      await this.audit.record(actor, { action: 'api_key.revoked', target: { type: 'api_key', id } });
    }
    return { apiKey: revokedNow ? await this.get(id) : apiKey, revokedNow };
  }

  /** Renames a key or changes its limits (applied within API_KEY_CACHE_TTL); records what changed. */
  async update(id: string, changes: ApiKeyChanges, actor: Actor): Promise<ApiKeyEntity> {
    const apiKey = await this.get(id);
    const next: ApiKeyChanges = {};
    if (changes.name !== undefined) {
      next.name = nameOf(changes.name);
    }
    for (const field of [
      'rateLimit',
      'rateWindow',
      'rateBlock',
      'retentionDays',
      'replyFromName',
      'replyFromAddress',
      'autoAckSubject',
      'autoAckBody',
      'spamFilter',
      'csat',
    ] as const) {
      if (changes[field] !== undefined) {
        next[field] = changes[field] as never;
      }
    }
    const changed = (Object.keys(next) as (keyof ApiKeyChanges)[]).filter((field) => next[field] !== apiKey[field]);
    if (changed.length === 0) {
      return apiKey;
    }
    await this.repository.update(id, next);
    this.forget(apiKey);
    const pick = (row: ApiKeyChanges) => Object.fromEntries(changed.map((field) => [SNAKE[field], row[field]]));
    await this.audit.record(actor, {
      action: 'api_key.updated',
      target: { type: 'api_key', id },
      before: pick(apiKey),
      after: pick(next),
    });
    return { ...apiKey, ...next };
  }

  /**
   * The active key for a presented clear key, or null. A malformed key or a wrong checksum is refused
   * without a lookup; every well-formed key then takes the same path, revoked or unknown alike.
   */
  async findActiveByKey(key: string): Promise<ApiKeyEntity | null> {
    if (!isWellFormedApiKey(key)) {
      return null;
    }
    return (await this.byHash.fetch(sha256Hex(key)))!.apiKey;
  }

  /** The key with this id if it is still active (cached for at most API_KEY_CACHE_TTL seconds). */
  async findActiveById(id: string): Promise<ApiKeyEntity | null> {
    return (await this.byId.fetch(id))!.apiKey;
  }

  /** Records the version of the key's custom fields in `tx` (see forgetCached once it has committed). */
  async setFieldsVersion(id: string, version: number, tx: Transaction): Promise<void> {
    await this.repository.setFieldsVersion(id, version, tx);
  }

  /** This process reads the key afresh at its next use (others within API_KEY_CACHE_TTL). */
  forgetCached(apiKey: ApiKeyEntity): void {
    this.forget(apiKey);
  }

  /** Records use, at most once a minute per key per process. */
  async markUsed(apiKey: ApiKeyEntity): Promise<void> {
    if (this.lastUsedWritten.has(apiKey.id)) {
      return;
    }
    this.lastUsedWritten.set(apiKey.id, true);
    await this.repository.update(apiKey.id, { lastUsedAt: new Date() });
  }

  /** This process stops using its cached copy at once (others within API_KEY_CACHE_TTL). */
  private forget(apiKey: ApiKeyEntity): void {
    this.byId.delete(apiKey.id);
    this.byHash.delete(apiKey.keyHash);
  }
}

const SNAKE: Record<keyof ApiKeyChanges, string> = {
  name: 'name',
  rateLimit: 'rate_limit',
  rateWindow: 'rate_window',
  rateBlock: 'rate_block',
  retentionDays: 'retention_days',
  replyFromName: 'reply_from.name',
  replyFromAddress: 'reply_from.address',
  autoAckSubject: 'auto_ack.subject',
  autoAckBody: 'auto_ack.body',
  spamFilter: 'spam_filter',
  csat: 'csat',
};

function limitsOf(apiKey: ApiKeyEntity) {
  return { rate_limit: apiKey.rateLimit, rate_window: apiKey.rateWindow, rate_block: apiKey.rateBlock };
}

function nameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || [...trimmed].length > 100) {
    throw new ApiException(HttpStatus.BAD_REQUEST, 'the name must be 1 to 100 characters');
  }
  return trimmed;
}
