import { Injectable, NotFoundException } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { v7 as uuidv7 } from 'uuid';
import { sha256Hex } from '../database/sha256';
import { AppConfig } from '../config/app-config';
import { displayPrefixOf, generateApiKey, isWellFormedApiKey } from './api-key-format';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeyEntity } from './entities/api-key.entity';

export interface RateLimitSettings {
  rateLimit?: number;
  rateWindow?: number;
  rateBlock?: number | null;
}

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

  async create(name: string, limits: RateLimitSettings = {}): Promise<CreatedApiKey> {
    const key = generateApiKey();
    const apiKey: ApiKeyEntity = {
      id: uuidv7(),
      name,
      keyHash: sha256Hex(key),
      prefix: displayPrefixOf(key),
      rateLimit: limits.rateLimit ?? this.config.rateLimit.defaultLimit,
      rateWindow: limits.rateWindow ?? this.config.rateLimit.defaultWindow,
      rateBlock: limits.rateBlock ?? null,
      createdAt: new Date(),
      revokedAt: null,
      lastUsedAt: null,
    };
    await this.repository.insert(apiKey);
    return { apiKey, key };
  }

  list(): Promise<ApiKeyEntity[]> {
    return this.repository.list();
  }

  async get(id: string): Promise<ApiKeyEntity> {
    const apiKey = await this.repository.findById(id);
    if (!apiKey) {
      throw new NotFoundException(`No API key with id ${id}`);
    }
    return apiKey;
  }

  async revoke(id: string): Promise<RevokedApiKey> {
    const apiKey = await this.get(id);
    const revokedNow = await this.repository.revoke(id, new Date());
    this.forget(apiKey);
    return { apiKey: revokedNow ? await this.get(id) : apiKey, revokedNow };
  }

  async setLimits(id: string, limits: RateLimitSettings): Promise<ApiKeyEntity> {
    const apiKey = await this.get(id);
    const changes: RateLimitSettings = {};
    if (limits.rateLimit !== undefined) {
      changes.rateLimit = limits.rateLimit;
    }
    if (limits.rateWindow !== undefined) {
      changes.rateWindow = limits.rateWindow;
    }
    if (limits.rateBlock !== undefined) {
      changes.rateBlock = limits.rateBlock;
    }
    if (Object.keys(changes).length > 0) {
      await this.repository.update(id, changes);
    }
    this.forget(apiKey);
    return { ...apiKey, ...changes };
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
