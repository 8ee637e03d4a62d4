/**
 * `npm run bench -- --scenario attachments`: what a large file costs the API process in memory. Starts
 * an API process (ROLE=api, production, encryption at rest on) on a database of its own, signs a staff
 * member in, then sends a file of BENCH_FILE_MIB (default 25) MiB through the upload route, a reply
 * that takes it, and the download route, streaming both ways from this process, twice. The process's
 * RSS is sampled every 100 ms: its level before each large file, and its peak during the upload and
 * during the download. Checks that the bytes came back identical (SHA-256). Writes
 * bench/results/attachments.json; removes the database and Redis keys at the end.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dropDatabase, ensureDatabase } from '../src/database/ensure-database';
import { deleteKeysUnder } from '../test/support/redis-keys';
import {
  BENCH_REDIS_URL,
  createKey,
  freePort,
  rssOf,
  runPrefixOf,
  serviceEnv,
  startServer,
  stopLiveServers,
  watchPeakRss,
} from './support';

const FILE_MIB = Number(process.env.BENCH_FILE_MIB ?? 25);
const PIECE = 64 * 1024;
const PASSWORD = 'attachment bench passphrase';
const MIB = 1024 * 1024;

const databaseUrl = `mysql://root@127.0.0.1:3306/contact_intake_bench_files_${randomBytes(3).toString('hex')}`;
const runPrefix = runPrefixOf();

/** A body of `bytes` pseudo-random bytes, made piece by piece as it is sent (never whole in this process). */
function generated(bytes: number, hash: ReturnType<typeof createHash>): ReadableStream<Uint8Array> {
  let sent = 0;
  const piece = randomBytes(PIECE);
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) {
        controller.close();
        return;
      }
      const next = Buffer.from(piece.subarray(0, Math.min(PIECE, bytes - sent)));
      next.writeUInt32BE(sent, 0);
      hash.update(next);
      sent += next.length;
      controller.enqueue(next);
    },
  });
}

export async function runAttachmentMemoryBench(): Promise<void> {
  try {
    await ensureDatabase(databaseUrl);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = serviceEnv(databaseUrl, runPrefix, {
      LOG_LEVEL: 'error',
      DATA_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      // Replies are stored, never sent: this process has no worker.
      SMTP_URL: 'smtp://127.0.0.1:9',
      REPLY_MAX_BYTES: String((FILE_MIB + 1) * MIB),
      ATTACHMENT_MAX_BYTES: String((FILE_MIB + 1) * MIB),
    });
    const api = await startServer(
      process.execPath,
      ['dist/main.js'],
      { ...env, ROLE: 'api', PORT: String(port), HOST: '127.0.0.1' },
      port,
    );
    const pid = api.child.pid!;
    const email = `files.${randomBytes(3).toString('hex')}@example.com`;
    execFileSync(
      process.execPath,
      ['dist/cli.js', 'staff', 'create', '--email', email, '--name', 'Bench', '--role', 'agent', '--password-stdin'],
      { env, input: PASSWORD },
    );
    const login = await fetch(`${base}/staff/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const { key } = createKey(env);
    const tokens = (await (
      await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } })
    ).json()) as {
      access_token: string;
    };

    /** Upload, reply, download: the peak RSS of each half, and whether the bytes came back. */
    const roundTrip = async (bytes: number) => {
      const submitted = await fetch(`${base}/contact_api.php`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A large file follows.' }),
      });
      const { id } = (await submitted.json()) as { id: string };
      const sentHash = createHash('sha256');
      const uploadPeak = watchPeakRss([pid]);
      const uploaded = await fetch(`${base}/staff/api/uploads?name=large.bin`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/octet-stream' },
        body: generated(bytes, sentHash),
        duplex: 'half',
      } as RequestInit);
      const upload = (await uploaded.json()) as { id: string; sha256: string };
      const peakUpload = uploadPeak();
      const detail = await fetch(`${base}/staff/api/submissions/${id}`, { headers: { Cookie: cookie } });
      const replied = await fetch(`${base}/staff/api/submissions/${id}/replies`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', 'If-Match': detail.headers.get('etag')! },
        body: JSON.stringify({ body: 'Here it is.', attachments: [upload.id] }),
      });
      if (replied.status !== 201) {
        throw new Error(`the reply was answered ${replied.status}: ${await replied.text()}`);
      }
      const downloadPeak = watchPeakRss([pid]);
      const download = await fetch(`${base}/staff/api/attachments/${upload.id}`, { headers: { Cookie: cookie } });
      const receivedHash = createHash('sha256');
      let received = 0;
      for await (const chunk of download.body as unknown as AsyncIterable<Uint8Array>) {
        receivedHash.update(chunk);
        received += chunk.length;
      }
      const peakDownload = downloadPeak();
      const sent = sentHash.digest('hex');
      return {
        identical: received === bytes && receivedHash.digest('hex') === sent && upload.sha256 === sent,
        peakUpload,
        peakDownload,
      };
    };

    // A first round with a small file, then two with the large one: the first large file's rise is the
    // process growing its heap to a working size (the same for 5 MiB as for 50), the second's is what a
    // process that has handled files before pays for one more.
    await roundTrip(MIB);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const first = rssOf(pid);
    const firstLarge = await roundTrip(FILE_MIB * MIB);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = rssOf(pid);
    const large = await roundTrip(FILE_MIB * MIB);
    if (!large.identical || !firstLarge.identical) {
      throw new Error('the file did not come back byte for byte');
    }
    const result = {
      file_mib: FILE_MIB,
      first_file_rise_mib: +((Math.max(firstLarge.peakUpload, firstLarge.peakDownload) - first) / MIB).toFixed(1),
      rss_before_mib: +(before / MIB).toFixed(1),
      peak_upload_mib: +(large.peakUpload / MIB).toFixed(1),
      peak_download_mib: +(large.peakDownload / MIB).toFixed(1),
      rise_mib: +((Math.max(large.peakUpload, large.peakDownload) - before) / MIB).toFixed(1),
    };
    process.stdout.write(
      `a ${FILE_MIB} MiB file through upload, storage (sealed) and download, bytes identical: RSS ` +
        `${result.rss_before_mib} MiB before, peak ${result.peak_upload_mib} MiB uploading and ` +
        `${result.peak_download_mib} MiB downloading: a rise of ${result.rise_mib} MiB ` +
        `(the first large file: ${result.first_file_rise_mib} MiB, the heap growing to its working size)\n`,
    );
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      'bench/results/attachments.json',
      `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`,
    );
  } finally {
    await stopLiveServers();
    await deleteKeysUnder(BENCH_REDIS_URL, runPrefix);
    await dropDatabase(databaseUrl);
  }
}
