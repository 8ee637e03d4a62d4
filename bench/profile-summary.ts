/**
 * `node -r ts-node/register/transpile-only bench/profile-summary.ts FILE.cpuprofile [--top N]`: where a
 * V8 CPU profile (node --cpu-prof; `npm run bench -- --profile DIR` writes one per service process)
 * spent its time, by package (node_modules/<name>, our src/, node: internals, GC, idle) and by function,
 * self time only, as a share of the busy (non-idle) samples. `--from S` leaves out the first S seconds
 * (start-up, warm-up), so what remains is the steady state under load.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file] = process.argv.slice(2);
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;
const fromIndex = process.argv.indexOf('--from');
const fromMicros = fromIndex > 0 ? Number(process.argv[fromIndex + 1]) * 1e6 : 0;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

function packageOf(url: string, name: string): string {
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') {
    return name;
  }
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) {
    return modules[1];
  }
  if (url.includes('/dist/') || url.includes('/src/')) {
    return 'contact-intake';
  }
  return url.startsWith('node:') || url === '' ? 'node (internals)' : url;
}

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
let busy = 0;
let elapsed = 0;
profile.samples.forEach((id, index) => {
  const node = nodes.get(id)!;
  const micros = profile.timeDeltas[index] ?? 0;
  elapsed += micros;
  if (elapsed < fromMicros) {
    return;
  }
  const name = node.callFrame.functionName || '(anonymous)';
  const pkg = packageOf(node.callFrame.url, name);
  if (pkg === '(idle)') {
    return;
  }
  busy += micros;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  const where = `${name} ${pkg}${node.callFrame.url ? `:${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(where, (byFunction.get(where) ?? 0) + micros);
});

const print = (title: string, entries: Map<string, number>) => {
  process.stdout.write(`\n${title} (self time, % of ${(busy / 1e6).toFixed(2)} s busy)\n`);
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${((micros / busy) * 100).toFixed(1).padStart(5)} %  ${name}\n`);
  }
};
print('by package', byPackage);
print('by function', byFunction);
