import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { sha256Hex } from '../common/crypto';
import { TtlCache } from '../common/ttl-cache';
import { AppConfig } from '../config/app-config';
import { displayPrefixOf, generateApiKey, isWellFormedApiKey } from './api-key-format';
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

/** How often a key's last_used_at is written at most, so authentication does not write every time. */
const LAST_USED_RESOLUTION_MS = 60_000;

@Injectable()
export class ApiKeyService {
  /** Keyed by key hash and by id; null caches "no such active key" so misses are cheap too. */
  private readonly byHash: TtlCache<string, ApiKeyEntity | null>;
  private readonly byId: TtlCache<string, ApiKeyEntity | null>;
  private readonly lastUsedWritten = new TtlCache<string, true>(LAST_USED_RESOLUTION_MS);

  constructor(
    @InjectRepository(ApiKeyEntity) private readonly repository: Repository<ApiKeyEntity>,
    private readonly config: AppConfig,
  ) {
    this.byHash = new TtlCache(config.auth.apiKeyCacheTtl * 1000);
    this.byId = new TtlCache(config.auth.apiKeyCacheTtl * 1000);
  }

  async create(name: string, limits: RateLimitSettings = {}): Promise<CreatedApiKey> {
    const key = generateApiKey();
    const apiKey = this.repository.create({
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
    });
    await this.repository.insert(apiKey);
    return { apiKey, key };
  }

  list(): Promise<ApiKeyEntity[]> {
    return this.repository.find({ order: { createdAt: 'ASC' } });
  }

  async get(id: string): Promise<ApiKeyEntity> {
    const apiKey = await this.repository.findOneBy({ id });
    if (!apiKey) {
      throw new NotFoundException(`No API key with id ${id}`);
    }
    return apiKey;
  }

  async revoke(id: string): Promise<ApiKeyEntity> {
    const apiKey = await this.get(id);
    if (!apiKey.revokedAt) {
      apiKey.revokedAt = new Date();
      await this.repository.update({ id }, { revokedAt: apiKey.revokedAt });
    }
    this.byId.delete(id);
    this.byHash.delete(apiKey.keyHash);
    return apiKey;
  }

  async setLimits(id: string, limits: RateLimitSettings): Promise<ApiKeyEntity> {
    const apiKey = await this.get(id);
    const changes: Partial<ApiKeyEntity> = {};
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
      await this.repository.update({ id }, changes);
    }
    this.byId.delete(id);
    this.byHash.delete(apiKey.keyHash);
    return { ...apiKey, ...changes };
  }

  /**
   * The active key for a presented clear key, or null. Unknown and revoked keys take the same path:
   * one lookup by hash, then the same checks, so timing does not tell them apart.
   */
  async findActiveByKey(key: string): Promise<ApiKeyEntity | null> {
    if (!isWellFormedApiKey(key)) {
      return null;
    }
    const hash = sha256Hex(key);
    let apiKey = this.byHash.get(hash);
    if (apiKey === undefined) {
      const row = await this.repository.findOneBy({ keyHash: hash });
      apiKey = row && !row.revokedAt ? row : null;
      this.byHash.set(hash, apiKey);
    }
    return apiKey;
  }

  /** The key with this id if it is still active (cached for at most API_KEY_CACHE_TTL seconds). */
  async findActiveById(id: string): Promise<ApiKeyEntity | null> {
    let apiKey = this.byId.get(id);
    if (apiKey === undefined) {
      const row = await this.repository.findOneBy({ id });
      apiKey = row && !row.revokedAt ? row : null;
      this.byId.set(id, apiKey);
    }
    return apiKey;
  }

  /** Records use, at most once a minute per key per process. */
  async markUsed(apiKey: ApiKeyEntity): Promise<void> {
    if (this.lastUsedWritten.has(apiKey.id)) {
      return;
    }
    this.lastUsedWritten.set(apiKey.id, true);
    await this.repository.update({ id: apiKey.id }, { lastUsedAt: new Date() });
  }
}
