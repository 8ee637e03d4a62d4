import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { StartedProcess, track } from './processes';
import { waitUntil } from './wait';

const run = promisify(execFile);

/** One node of a test's Galera cluster. */
export interface GaleraNode {
  name: string;
  /** The MySQL port, on 127.0.0.1. */
  port: number;
  /** `mysql://root@127.0.0.1:<port>` (no database). */
  url: string;
}

/** A 3-node MariaDB Galera cluster (multi-primary) of the test's own. */
export interface GaleraCluster {
  nodes: GaleraNode[];
  /** Stops one node (SIGTERM, by pid) and waits until it has exited. */
  stopNode: (index: number) => Promise<void>;
  /** Starts a stopped node again; it rejoins (IST or rsync SST) and is synced when this resolves. */
  startNode: (index: number) => Promise<void>;
  /** Runs SQL on a node through the `mariadb` client. */
  sql: (index: number, statement: string) => Promise<string>;
  /** Stops every node it started (by pid) and removes their files. */
  stop: () => Promise<void>;
}

const CLUSTER_SIZE = 3;

async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (!ports.has(port) && (await isFree(port))) {
      ports.add(port);
    }
  }
  return [...ports];
}

interface NodeFiles {
  name: string;
  dir: string;
  port: number;
  socket: string;
  config: string;
}

/**
 * Three `mariadbd --defaults-file=...` from Debian's mariadb-server and galera-4, each with its own
 * datadir, ports and socket under a temporary folder, run as the `mysql` user (rsync state transfer
 * refuses files owned by root): `mariadb-install-db` for the first, which bootstraps the cluster
 * (`--wsrep-new-cluster`); the others join it and receive its state by rsync. The stock server on
 * 3306 is never touched.
 */
export async function startGaleraCluster(): Promise<GaleraCluster> {
  const root = mkdtempSync(join(tmpdir(), 'contact-intake-galera-'));
  chmodSync(root, 0o755);
  // mysql, gcomm, IST and SST ports per node.
  const ports = await freePorts(CLUSTER_SIZE * 4);
  const gcomm = (i: number) => ports[CLUSTER_SIZE + i];
  const files: NodeFiles[] = Array.from({ length: CLUSTER_SIZE }, (_, i) => {
    const dir = join(root, `node${i + 1}`);
    mkdirSync(join(dir, 'data'), { recursive: true });
    const node: NodeFiles = {
      name: `node${i + 1}`,
      dir,
      port: ports[i],
      socket: join(dir, 'mysqld.sock'),
      config: join(dir, 'my.cnf'),
    };
    writeFileSync(
      node.config,
      [
        '[mysqld]',
        `datadir=${join(dir, 'data')}`,
        `socket=${node.socket}`,
        `pid-file=${join(dir, 'mysqld.pid')}`,
        `log-error=${join(dir, 'error.log')}`,
        `port=${node.port}`,
        'bind-address=127.0.0.1',
        'character-set-server=utf8mb4',
        'collation-server=utf8mb4_unicode_ci',
        'binlog_format=ROW',
        'default_storage_engine=InnoDB',
        // Galera needs interleaved auto-increment locks; every table has a primary key.
        'innodb_autoinc_lock_mode=2',
        'innodb_buffer_pool_size=64M',
        'innodb_log_file_size=32M',
        'innodb_flush_log_at_trx_commit=2',
        'max_connections=300',
        'wsrep_on=ON',
        'wsrep_provider=/usr/lib/galera/libgalera_smm.so',
        'wsrep_cluster_name=contact_intake_test',
        `wsrep_cluster_address=gcomm://${Array.from({ length: CLUSTER_SIZE }, (_, n) => `127.0.0.1:${gcomm(n)}`).join(',')}`,
        `wsrep_node_name=${node.name}`,
        `wsrep_node_address=127.0.0.1:${gcomm(i)}`,
        `wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:${gcomm(i)};ist.recv_addr=127.0.0.1:${ports[2 * CLUSTER_SIZE + i]};gcache.size=128M;evs.inactive_timeout=PT6S;evs.suspect_timeout=PT3S"`,
        'wsrep_sst_method=rsync',
        `wsrep_sst_receive_address=127.0.0.1:${ports[3 * CLUSTER_SIZE + i]}`,
        'wsrep_slave_threads=2',
        // Reads wait until this node has applied every write the cluster committed before them, so a
        // client that writes through one node and reads through another sees its write.
        'wsrep_sync_wait=1',
        '',
      ].join('\n'),
    );
    return node;
  });
  await run('chown', ['-R', 'mysql:mysql', root]);

  const running = new Map<number, StartedProcess>();
  const sql = async (index: number, statement: string) =>
    (await run('mariadb', ['-uroot', `--socket=${files[index].socket}`, '-N', '-B', '-e', statement])).stdout;

  const synced = async (index: number) =>
    waitUntil(
      async () => {
        const process = running.get(index);
        if (process && (process.child.exitCode !== null || process.child.signalCode !== null)) {
          // Its own output too: a start refused before the error log opens says why only there.
          throw new Error(`${files[index].name} exited:\n${errorLog(files[index])}\n${process.output().slice(-4000)}`);
        }
        try {
          const state = await sql(index, "SHOW STATUS LIKE 'wsrep_local_state_comment'");
          return state.includes('Synced');
        } catch {
          return false;
        }
      },
      `${files[index].name} synced`,
      120_000,
    );

  const startNode = async (index: number, bootstrap = false) => {
    const node = files[index];
    running.set(
      index,
      track(
        spawn(
          '/usr/sbin/mariadbd',
          [`--defaults-file=${node.config}`, '--user=mysql', ...(bootstrap ? ['--wsrep-new-cluster'] : [])],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        ),
      ),
    );
    await synced(index);
  };

  const stopNode = async (index: number) => {
    await running.get(index)?.stop('SIGTERM');
    running.delete(index);
  };

  const stop = async () => {
    await Promise.all([...running.keys()].map((index) => running.get(index)!.stop('SIGKILL')));
    running.clear();
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await run('mariadb-install-db', [
      `--defaults-file=${files[0].config}`,
      '--user=mysql',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ]);
    await startNode(0, true);
    // The tests connect over TCP as root without a password; the grant reaches the joiners by SST.
    await sql(
      0,
      "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY ''; GRANT ALL ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION",
    );
    for (let index = 1; index < CLUSTER_SIZE; index++) {
      await startNode(index);
    }
    await waitUntil(
      async () => (await sql(0, "SHOW STATUS LIKE 'wsrep_cluster_size'")).includes(String(CLUSTER_SIZE)),
      'galera cluster of three',
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    nodes: files.map((node) => ({ name: node.name, port: node.port, url: `mysql://root@127.0.0.1:${node.port}` })),
    stopNode,
    startNode: (index: number) => startNode(index),
    sql,
    stop,
  };
}

function errorLog(node: NodeFiles): string {
  try {
    return readFileSync(join(node.dir, 'error.log'), 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no error log)';
  }
}
