import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { StartedProcess, track } from './processes';
import { waitUntil } from './wait';

const run = promisify(execFile);

/** A Redis Cluster of the test's own: 3 masters with a replica each, on loopback ports. */
export interface RedisCluster {
  /** `host:port,...` for REDIS_CLUSTER_NODES. */
  nodesSetting: string;
  ports: number[];
  /** The port of the master serving `key`'s slot now. */
  masterOf: (key: string) => Promise<number>;
  /** Stops one node's process (by pid) as a crash would, SIGKILL. */
  kill: (port: number) => Promise<void>;
  /** Waits until every live node reports cluster_state:ok. */
  healthy: () => Promise<void>;
  /** Stops every node it started and removes their files. */
  stop: () => Promise<void>;
}

async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port whose cluster bus port (port + 10000) is free too. */
async function clusterPort(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if (!taken.has(port) && (await isFree(port)) && (await isFree(port + 10_000))) {
      taken.add(port);
      return port;
    }
  }
}

const cli = async (port: number, ...args: string[]) =>
  (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args])).stdout;

/**
 * Six `redis-server --cluster-enabled yes` joined by `redis-cli --cluster create --cluster-replicas 1`.
 * A short node timeout (2 s) makes a replica take over from a dead master within a few seconds.
 */
export async function startRedisCluster(): Promise<RedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'contact-intake-redis-cluster-'));
  const taken = new Set<number>();
  const ports: number[] = [];
  for (let i = 0; i < 6; i++) {
    ports.push(await clusterPort(taken));
  }
  const nodes = new Map<number, StartedProcess>();
  const stop = async () => {
    await Promise.all([...nodes.values()].map((node) => node.stop('SIGKILL')));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      const node = track(
        spawn(
          'redis-server',
          [
            '--port',
            String(port),
            '--bind',
            '127.0.0.1',
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            join(dir, `nodes-${port}.conf`),
            '--cluster-node-timeout',
            '2000',
            '--dir',
            dir,
            '--save',
            '',
            '--appendonly',
            'no',
            '--maxmemory-policy',
            'noeviction',
          ],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        ),
      );
      nodes.set(port, node);
    }
    for (const [port, node] of nodes) {
      await waitUntil(() => node.output().includes('Ready to accept connections'), `redis cluster node ${port}`);
    }
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      '1',
      '--cluster-yes',
    ]);
  } catch (error) {
    await stop();
    throw error;
  }

  const healthy = async () => {
    await waitUntil(
      async () => {
        for (const [port, node] of nodes) {
          if (node.child.exitCode === null && node.child.signalCode === null) {
            if (!(await cli(port, 'cluster', 'info')).includes('cluster_state:ok')) {
              return false;
            }
          }
        }
        return true;
      },
      'redis cluster healthy',
      30_000,
    );
  };
  await healthy();

  return {
    nodesSetting: ports.map((port) => `127.0.0.1:${port}`).join(','),
    ports,
    healthy,
    masterOf: async (key: string) => {
      const live = [...nodes.entries()].find(
        ([, node]) => node.child.exitCode === null && node.child.signalCode === null,
      )!;
      const slot = Number((await cli(live[0], 'cluster', 'keyslot', key)).trim());
      const shards = (await cli(live[0], 'cluster', 'nodes')).split('\n');
      for (const line of shards) {
        const [, address, flags, , , , , state, ...ranges] = line.split(' ');
        if (flags?.includes('master') && !flags.includes('fail') && state === 'connected') {
          for (const range of ranges) {
            const [from, to] = range.split('-').map(Number);
            if (slot >= from && slot <= (to ?? from)) {
              return Number(address.split('@')[0].split(':')[1]);
            }
          }
        }
      }
      throw new Error(`no master serves slot ${slot}`);
    },
    kill: async (port: number) => {
      await nodes.get(port)!.stop('SIGKILL');
    },
    stop,
  };
}
