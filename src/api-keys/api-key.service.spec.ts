import { AppConfig } from '../config/app-config';
import { validateEnvironment } from '../config/environment';
import { sha256Hex } from '../database/sha256';
import { generateApiKey } from './api-key-format';
import { AuditService } from '../audit/audit.service';
import { ApiKeyService } from './api-key.service';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeyEntity } from './entities/api-key.entity';

/** A repository that records every call and answers from rows it is given, as the real one's SQL does. */
function recordingRepository(rows: ApiKeyEntity[] = [], delayMs = 0) {
  const calls: string[] = [];
  const answer = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), delayMs));
  const repository = {
    findActiveByHash: (hash: string) => {
      calls.push('findActiveByHash');
      return answer(rows.find((row) => row.keyHash === hash && !row.revokedAt) ?? null);
    },
    findActiveById: (id: string) => {
      calls.push('findActiveById');
      return answer(rows.find((row) => row.id === id && !row.revokedAt) ?? null);
    },
  } as unknown as ApiKeysRepository;
  return { repository, calls };
}

const config = new AppConfig(validateEnvironment({ NODE_ENV: 'test' }));

function rowFor(key: string, revoked: boolean): ApiKeyEntity {
  return {
    id: `id-${key.slice(3, 10)}`,
    name: 'client',
    keyHash: sha256Hex(key),
    prefix: key.slice(0, 9),
    rateLimit: 60,
    rateWindow: 60,
    rateBlock: null,
    retentionDays: null,
    replyFromName: null,
    replyFromAddress: null,
    autoAckSubject: null,
    autoAckBody: null,
    spamFilter: true,
    csat: false,
    fieldsVersion: 0,
    createdAt: new Date(),
    revokedAt: revoked ? new Date() : null,
    lastUsedAt: null,
  };
}

/** Lookups record nothing, so these tests give the service no audit trail. */
const lookupsOnly = {} as AuditService;

describe('ApiKeyService.findActiveByKey', () => {
  it('takes the same path for an unknown key and a revoked key: one lookup by hash that finds nothing', async () => {
    const revokedKey = generateApiKey();
    const unknownKey = generateApiKey();
    const revoked = recordingRepository([rowFor(revokedKey, true)]);
    const unknown = recordingRepository([]);
    const fromRevoked = await new ApiKeyService(revoked.repository, config, lookupsOnly).findActiveByKey(revokedKey);
    const fromUnknown = await new ApiKeyService(unknown.repository, config, lookupsOnly).findActiveByKey(unknownKey);
    expect(fromRevoked).toBeNull();
    expect(fromUnknown).toBeNull();
    expect(revoked.calls).toEqual(['findActiveByHash']);
    expect(unknown.calls).toEqual(revoked.calls);
  });

  it('refuses a key with a wrong checksum without asking the repository', async () => {
    const key = generateApiKey();
    const wrongChecksum = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const { repository, calls } = recordingRepository([rowFor(key, false)]);
    expect(await new ApiKeyService(repository, config, lookupsOnly).findActiveByKey(wrongChecksum)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('finds an active key (the control)', async () => {
    const key = generateApiKey();
    const { repository } = recordingRepository([rowFor(key, false)]);
    expect((await new ApiKeyService(repository, config, lookupsOnly).findActiveByKey(key))?.keyHash).toBe(
      sha256Hex(key),
    );
  });
});

describe('ApiKeyService key cache', () => {
  it('shares one lookup between concurrent requests for a key that is not cached (single flight)', async () => {
    const key = generateApiKey();
    const row = rowFor(key, false);
    const { repository, calls } = recordingRepository([row], 20);
    const service = new ApiKeyService(repository, config, lookupsOnly);
    const found = await Promise.all(Array.from({ length: 200 }, () => service.findActiveById(row.id)));
    expect(found.every((apiKey) => apiKey?.id === row.id)).toBe(true);
    expect(calls).toEqual(['findActiveById']);
  });

  it('asks again once API_KEY_CACHE_TTL has passed', async () => {
    const key = generateApiKey();
    const row = rowFor(key, false);
    const { repository, calls } = recordingRepository([row]);
    const shortLived = new AppConfig(validateEnvironment({ NODE_ENV: 'test', API_KEY_CACHE_TTL: '0.05' }));
    const service = new ApiKeyService(repository, shortLived, lookupsOnly);
    await service.findActiveById(row.id);
    await service.findActiveById(row.id);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await service.findActiveById(row.id);
    expect(calls).toEqual(['findActiveById', 'findActiveById']);
  });
});
