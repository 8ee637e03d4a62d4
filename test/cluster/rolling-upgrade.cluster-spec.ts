import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { JOBS, QUEUE_NAMES } from '../../src/queue/job-catalogue';
import { ownDatabase } from '../support/own-database';
import { BuiltRelease, buildRelease } from '../support/previous-release';
import { freePort, startService, StartedProcess } from '../support/processes';
import { deleteKeysUnder } from '../support/redis-keys';
import { uniquePrefix } from '../support/test-app';
import { sleep, waitFor, waitUntil } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * The release this one must run beside during a rolling upgrade: 3641940 is the last commit before
 * service levels (issue 41), whose migrations (ServiceLevels, Reports, SatisfactionRatings) and jobs are
 * the first this test guards.
 * Move it forward at each release, to the commit (or tag) of the release before the one being made.
 */
const PREVIOUS_RELEASE = '3641940';

/** A submission every 60 ms: about 16 a second, spread over the APIs in the rotation. */
const INTAKE_EVERY_MS = 60;
/** How long both releases take submissions side by side, and how long the new one goes on alone. */
const MIXED_MS = 8000;
const NEW_ONLY_MS = 4000;
const PASSWORD = 'a rolling upgrade staff passphrase';

type Release = 'old' | 'new';

/** What the staff API answers, as far as this test reads it: a submission, or a page of them. */
interface StaffJson {
  [field: string]: unknown;
  name?: string;
  message?: string;
  delivery_state?: string;
  webhooks?: { status: string }[];
  sla?: { policy_id: string } | null;
  items?: { id: string }[];
  next_cursor?: string | null;
}

/** An API process in the intake's rotation, and the token its requests carry. */
interface Route {
  label: string;
  release: Release;
  base: string;
  token: string;
}

interface Answer {
  route: string;
  release: Release;
  status: number;
  /** The body of anything but a 200 (or the network error). */
  problem?: string;
  id?: string;
  name: string;
  message: string;
  sentAt: number;
  answeredAt: number;
}

/**
 * Steady intake: a request every `everyMs` (without waiting for earlier answers, as independent
 * clients would), to the routes `routes()` names in turn; every answer is noted.
 */
function steadyIntake(routes: () => Route[], everyMs: number) {
  const answers: Answer[] = [];
  const inFlight = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  let sent = 0;
  const sendOne = async () => {
    const current = routes();
    const route = current[sent % current.length];
    const n = ++sent;
    const body = { name: `Rolling ${n}`, message: `Request ${n} through the ${route.label} API` };
    inFlight.set(route.base, (inFlight.get(route.base) ?? 0) + 1);
    const answer: Answer = { route: route.label, release: route.release, status: 0, ...body, sentAt: 0, answeredAt: 0 };
    answer.sentAt = Date.now();
    try {
      const response = await fetch(`${route.base}/contact_api.php`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${route.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      answer.status = response.status;
      const text = await response.text();
      if (response.status === 200) {
        answer.id = (JSON.parse(text) as { id: string }).id;
      } else {
        answer.problem = text;
      }
    } catch (error) {
      answer.problem = String((error as Error).cause ?? error);
    } finally {
      answer.answeredAt = Date.now();
      answers.push(answer);
      inFlight.set(route.base, inFlight.get(route.base)! - 1);
    }
  };
  const timer = setInterval(() => {
    const request = sendOne();
    pending.add(request);
    void request.finally(() => pending.delete(request));
  }, everyMs);
  return {
    answers,
    inFlightAt: (base: string) => inFlight.get(base) ?? 0,
    stop: async () => {
      clearInterval(timer);
      await Promise.all([...pending]);
    },
  };
}

/**
 * A rolling upgrade from the previous release to this one, on one database and one Redis prefix: the
 * old release's API and worker serve, this release's start beside them (migrating the schema forward,
 * expand only) while submissions keep coming, both take submissions and each other's jobs, an old API
 * restarted mid-rollout still starts on the newer schema, then the old processes are drained and
 * stopped. Nothing accepted is lost, nothing answers 5xx, and this release reads what the old one wrote.
 */
describe(`a rolling upgrade from the previous release (${PREVIOUS_RELEASE}) to this one`, () => {
  const oldHooks = new WebhookReceiver();
  const newHooks = new WebhookReceiver();
  const processes: StartedProcess[] = [];
  let previous: BuiltRelease | undefined;
  let database: Awaited<ReturnType<typeof ownDatabase>> | undefined;
  let env: Record<string, string>;
  let intake: ReturnType<typeof steadyIntake> | undefined;

  beforeAll(async () => {
    const started = Date.now();
    [previous, database] = await Promise.all([
      buildRelease(PREVIOUS_RELEASE),
      ownDatabase(),
      oldHooks.start(),
      newHooks.start(),
    ]);
    console.info(
      `Previous release ${PREVIOUS_RELEASE} (${previous.commit.slice(0, 12)}) checked out and built in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s; this checkout's node_modules holds ` +
        (previous.differingPackages.length === 0
          ? 'every package it locks at its version'
          : `these of its packages at another version: ${previous.differingPackages.join(', ')}`),
    );
    env = {
      DATABASE_URL: database.url,
      REDIS_PREFIX: uniquePrefix(),
      HOST: '127.0.0.1',
      STAFF_RATE_LIMIT: '100000',
      OUTBOX_RELAY_INTERVAL: '1',
      // Its own database and prefix: every worker's reconciler may run, as in production.
      RECONCILE_INTERVAL: '2',
    };
  }, 300_000);

  afterAll(async () => {
    await intake?.stop();
    await Promise.all(processes.map((started) => started.stop()));
    await Promise.all([oldHooks.stop(), newHooks.stop()]);
    if (env) {
      await deleteKeysUnder(process.env.REDIS_URL!, env.REDIS_PREFIX);
    }
    await database?.drop();
    await previous?.remove();
  }, 60_000);

  it('runs both releases side by side under steady intake: nothing lost, no 5xx, jobs taken across releases', async () => {
    const release = previous!;
    const api = async (which: Release) => {
      const port = await freePort();
      const settings = { ...env, ROLE: 'api', PORT: String(port) };
      const started = which === 'old' ? await release.start(settings) : await startService(settings);
      processes.push(started);
      return { process: started, base: `http://127.0.0.1:${port}` };
    };
    const worker = async (which: Release, hooks: WebhookReceiver) => {
      const settings = { ...env, ROLE: 'worker', HEALTH_PORT: String(await freePort()), STAFF_WEBHOOK_URL: hooks.url };
      const started =
        which === 'old' ? await release.start(settings, 'worker.js') : await startService(settings, 'worker.js');
      processes.push(started);
      return started;
    };
    const tokenAt = async (base: string, key: string) => {
      const response = await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const signIn = async (base: string, email: string) => {
      const response = await fetch(`${base}/staff/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(response.status).toBe(200);
      return response.headers.getSetCookie()[0].split(';')[0];
    };
    const staffGet = async (base: string, cookie: string, path: string) => {
      const response = await fetch(`${base}/staff/api/${path}`, { headers: { Cookie: cookie } });
      return { status: response.status, body: (await response.json()) as StaffJson };
    };

    // 1. The previous release alone: it migrates the empty database to its schema. Its CLI makes the
    //    client key and the staff admin, as an operator of that release did.
    const old1 = await api('old');
    const oldWorker = await worker('old', oldHooks);
    const { key } = (await release.cliJson(env, [
      'keys',
      'create',
      '--name',
      'rolling upgrade',
      '--rate-limit',
      '1000000',
      '--json',
    ])) as { key: string };
    const email = `rolling.admin.${Date.now()}@example.com`;
    await release.cliJson(
      env,
      ['staff', 'create', '--email', email, '--name', 'Rolling Admin', '--role', 'admin', '--password-stdin', '--json'],
      PASSWORD,
    );
    const oldToken = await tokenAt(old1.base, key);
    let routes: Route[] = [{ label: 'old', release: 'old', base: old1.base, token: oldToken }];
    const flow = (intake = steadyIntake(() => routes, INTAKE_EVERY_MS));
    const startedAt = Date.now();
    const timeline: string[] = [];
    const mark = (what: string) => timeline.push(`${((Date.now() - startedAt) / 1000).toFixed(1)} s ${what}`);
    mark('intake through the old API');

    // 2. This release starts beside it while submissions flow (its migrations run under that load),
    //    with a service-level policy, so what this release takes in has SLA targets and what the old
    //    one takes in has none.
    const newApi = await api('new');
    mark('new API serving (migrated forward)');
    const newWorker = await worker('new', newHooks);
    mark('new worker started');
    const cookie = await signIn(newApi.base, email);
    const policy = await fetch(`${newApi.base}/staff/api/sla-policies`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ name: 'Everyone', position: 1, first_response_minutes: 60, resolution_minutes: 600 }),
    });
    expect(policy.status).toBe(201);
    const policyId = ((await policy.json()) as { id: string }).id;
    // An old process that restarts mid-rollout (a crash, a node drained) starts on the newer schema.
    const old2 = await api('old');
    mark('old API restarted on the newer schema');
    for (const base of [old1.base, old2.base]) {
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    }
    const newToken = await tokenAt(newApi.base, key);
    routes = [
      { label: 'old', release: 'old', base: old1.base, token: oldToken },
      { label: 'new', release: 'new', base: newApi.base, token: newToken },
      { label: 'old (restarted)', release: 'old', base: old2.base, token: await tokenAt(old2.base, key) },
      { label: 'new', release: 'new', base: newApi.base, token: newToken },
    ];
    mark('intake through both releases');
    await sleep(MIXED_MS); // steady intake through both releases: the time itself is the test

    // 3. The old APIs leave the rotation (a load balancer draining them), then the old processes stop
    //    (SIGTERM, by pid); intake goes on through this release alone, with tokens either issued.
    routes = [
      { label: 'new', release: 'new', base: newApi.base, token: newToken },
      { label: 'new (old token)', release: 'new', base: newApi.base, token: oldToken },
    ];
    await waitUntil(() => flow.inFlightAt(old1.base) + flow.inFlightAt(old2.base) === 0, 'the old APIs drained');
    // What the old release shows of a few of its own submissions, once delivered, to compare below.
    const oldCookie = await signIn(old1.base, email);
    const sample = flow.answers.filter((answer) => answer.route === 'old' && answer.id).slice(0, 10);
    const oldViews = new Map<string, Record<string, unknown>>();
    for (const { id } of sample) {
      const view = await waitFor(
        () => staffGet(old1.base, oldCookie, `submissions/${id}`),
        ({ body }) =>
          body.delivery_state === 'delivered' &&
          body.webhooks!.length > 0 &&
          body.webhooks!.every((webhook) => webhook.status === 'delivered'),
      );
      oldViews.set(id!, view.body);
    }
    mark('old APIs drained (their views of 10 submissions read)');
    expect(await old1.process.stop()).toBe(0);
    expect(await old2.process.stop()).toBe(0);
    expect(await oldWorker.stop()).toBe(0);
    mark('old processes stopped (exit 0)');
    await sleep(NEW_ONLY_MS); // this release alone under the same intake
    await flow.stop();
    mark('intake stopped');

    // 4. Every answer was 200; every accepted submission was delivered, by one release or the other.
    const { answers } = flow;
    const accepted = answers.filter((answer) => answer.id !== undefined);
    await waitUntil(
      () => accepted.every((answer) => oldHooks.successes().has(answer.id!) || newHooks.successes().has(answer.id!)),
      `all ${accepted.length} accepted submissions delivered`,
      60_000,
    );
    // When each submission's first webhook POST arrived, at either receiver.
    const firstArrival = new Map<string, number>();
    for (const hooks of [oldHooks, newHooks]) {
      hooks.received.forEach((delivery, index) => {
        const id = delivery.body.data.id;
        if (delivery.body.type === 'submission.received' && delivery.status === 200) {
          firstArrival.set(id, Math.min(firstArrival.get(id) ?? Infinity, hooks.arrivals[index]));
        }
      });
    }

    // Both releases' workers took the other's work: the webhook POST (which worker's STAFF_WEBHOOK_URL
    // it reached) and the submission's delivery job (which worker's log says it delivered it).
    const takenBy = (release: Release) => accepted.filter((answer) => answer.release === release);
    const postedBy = (release: Release, hooks: WebhookReceiver) =>
      takenBy(release).filter((answer) => hooks.successes().has(answer.id!)).length;
    const deliveredIn = (worker: StartedProcess) =>
      new Set([...worker.output().matchAll(/Submission ([0-9a-f-]{36}) delivered/g)].map((match) => match[1]));
    const [oldJobs, newJobs] = [deliveredIn(oldWorker), deliveredIn(newWorker)];
    const jobsOf = (release: Release, jobs: Set<string>) =>
      takenBy(release).filter((answer) => jobs.has(answer.id!)).length;
    const doubles = accepted.filter(
      (answer) => (oldHooks.successes().get(answer.id!) ?? 0) + (newHooks.successes().get(answer.id!) ?? 0) > 1,
    ).length;
    const waits = accepted.map((answer) => firstArrival.get(answer.id!)! - answer.answeredAt);
    const slowest = answers.reduce((worst, answer) =>
      answer.answeredAt - answer.sentAt > worst.answeredAt - worst.sentAt ? answer : worst,
    );
    const longest = waits.reduce(
      (worst, wait, index) => (wait > worst.wait ? { wait, answer: accepted[index] } : worst),
      { wait: -Infinity, answer: accepted[0] },
    );
    const retried = { old: failedAttempts(oldWorker), new: failedAttempts(newWorker) };
    const byRoute = new Map<string, number>();
    for (const answer of accepted) {
      byRoute.set(answer.route, (byRoute.get(answer.route) ?? 0) + 1);
    }
    console.info(
      [
        `Timeline: ${timeline.join('; ')}`,
        `${answers.length} answers, ${accepted.length} accepted (200), ${answers.length - accepted.length} otherwise; ` +
          `slowest answer ${slowest.answeredAt - slowest.sentAt} ms (the ${slowest.route} API at ` +
          `${((slowest.sentAt - startedAt) / 1000).toFixed(1)} s)`,
        `Accepted by API: ${[...byRoute].map(([route, n]) => `${route} ${n}`).join(', ')}`,
        `Webhook POSTs by worker: taken by the old release's APIs ${takenBy('old').length} (old worker ${postedBy('old', oldHooks)}, ` +
          `new worker ${postedBy('old', newHooks)}); by this release's ${takenBy('new').length} (old worker ${postedBy('new', oldHooks)}, ` +
          `new worker ${postedBy('new', newHooks)}); delivered twice: ${doubles}`,
        `Delivery jobs by worker: old API's submissions old worker ${jobsOf('old', oldJobs)}, new worker ${jobsOf('old', newJobs)}; ` +
          `new API's old worker ${jobsOf('new', oldJobs)}, new worker ${jobsOf('new', newJobs)}`,
        `Attempts that failed and were tried again: ${(['old', 'new'] as const)
          .map(
            (which) =>
              `${which} worker ${retried[which].length}${retried[which].length ? ` (${retried[which][0]})` : ''}`,
          )
          .join(', ')}`,
        `Delivery wait (answer to first POST): median ${median(waits)} ms, longest ${longest.wait} ms (taken by the ` +
          `${longest.answer.route} API at ${((longest.answer.answeredAt - startedAt) / 1000).toFixed(1)} s)`,
      ].join('\n'),
    );
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect([...byRoute.keys()].sort()).toEqual(['new', 'new (old token)', 'old', 'old (restarted)']);
    expect(postedBy('old', newHooks)).toBeGreaterThan(0);
    expect(postedBy('new', oldHooks)).toBeGreaterThan(0);
    expect(jobsOf('old', newJobs)).toBeGreaterThan(0);
    expect(jobsOf('new', oldJobs)).toBeGreaterThan(0);
    // No job failed for good in either release's worker (a kind one release does not know, a payload
    // it cannot read, would end there).
    expect(await failedJobs(env.REDIS_PREFIX)).toEqual({});

    // 5. This release reads what the old one wrote: its submissions with `sla` null, nothing missing
    //    of what the old release showed, and what the old worker did to this release's own rows kept
    //    their targets.
    for (const answer of accepted) {
      const { status, body } = await staffGet(newApi.base, cookie, `submissions/${answer.id}`);
      expect([answer.id, status, body.name, body.message, body.delivery_state]).toEqual([
        answer.id,
        200,
        answer.name,
        answer.message,
        'delivered',
      ]);
      if (answer.release === 'old') {
        expect([answer.id, body.sla]).toEqual([answer.id, null]);
      } else {
        expect([answer.id, body.sla?.policy_id]).toEqual([answer.id, policyId]);
      }
      if (oldViews.has(answer.id!)) {
        expect(body).toMatchObject(oldViews.get(answer.id!)!);
      }
    }
    const listed = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: { status: number; body: StaffJson } = await staffGet(
        newApi.base,
        cookie,
        `submissions?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      for (const item of page.body.items!) {
        listed.add(item.id);
      }
      cursor = page.body.next_cursor ?? null;
    } while (cursor);
    expect([...listed].sort()).toEqual(accepted.map((answer) => answer.id!).sort());
  }, 240_000);

  it('puts no kind of job on a queue the other release works that that release does not know', async () => {
    // Every worker takes every job of the queues it works, whatever its name, and fails for good one
    // it has no handler for ("No kind of job named ..."): a release adds a kind on a queue of its own.
    type Catalogue = Record<string, { queue: string; name: string }>;
    const { JOBS: before } = await previous!.load<{ JOBS: Catalogue }>('queue/job-catalogue.js');
    const kinds = (jobs: Catalogue) => Object.values(jobs).map(({ queue, name }) => `${queue}/${name}`);
    const queues = (jobs: Catalogue) => new Set(Object.values(jobs).map(({ queue }) => queue));
    const unknown = (from: Catalogue, to: Catalogue) =>
      kinds(from).filter((kind) => queues(to).has(kind.split('/')[0]) && !kinds(to).includes(kind));
    expect({
      'kinds this release adds on a queue the previous release works': unknown(JOBS, before),
      'kinds the previous release adds on a queue this release works that it no longer knows': unknown(before, JOBS),
      'queues the previous release adds to that no worker of this release works': [...queues(before)].filter(
        (queue) => !queues(JOBS).has(queue),
      ),
    }).toEqual({
      'kinds this release adds on a queue the previous release works': [],
      'kinds the previous release adds on a queue this release works that it no longer knows': [],
      'queues the previous release adds to that no worker of this release works': [],
    });
  });
});

/**
 * The delivery attempts a worker's log says failed (to be tried again, by it or another worker): a
 * submission's staff channels, or a webhook POST.
 */
function failedAttempts(worker: StartedProcess): string[] {
  return worker
    .output()
    .split('\n')
    .map(
      (line) =>
        /"msg":"((?:Submission \S+ not delivered|webhook \S+ to .*?: attempt \d+ failed)[^"]*)"/.exec(line)?.[1],
    )
    .filter((message): message is string => message !== undefined);
}

/** Failed jobs per queue under `prefix` (queues with none left out). */
async function failedJobs(prefix: string): Promise<Record<string, number>> {
  const connection = new Redis(process.env.REDIS_URL!);
  const failed: Record<string, number> = {};
  try {
    for (const name of QUEUE_NAMES) {
      const queue = new Queue(name, { connection, prefix: `${prefix}:bull` });
      const count = await queue.getFailedCount();
      await queue.close();
      if (count > 0) {
        failed[name] = count;
      }
    }
  } finally {
    await connection.quit();
  }
  return failed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
