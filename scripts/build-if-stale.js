#!/usr/bin/env node
// `npm start` runs this first (prestart): it builds the server and the console only when a source,
// a build setting or the lock file changed since the last build, so a restart starts at once. The
// build's stamp is dist/.build-stamp; any newer input file means a rebuild.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const stamp = join(root, 'dist', '.build-stamp');
const INPUTS = ['src', 'console', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json'];

function newest(path) {
  if (!existsSync(path)) {
    return 0;
  }
  const info = statSync(path);
  if (!info.isDirectory()) {
    return info.mtimeMs;
  }
  let latest = info.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name !== 'node_modules') {
      latest = Math.max(latest, newest(join(path, name)));
    }
  }
  return latest;
}

// `npm run build` ends with `--stamp`: whatever built dist/ just now, it is current.
if (process.argv.includes('--stamp')) {
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  process.exit(0);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...INPUTS.map((input) => newest(join(root, input))));
if (built > 0 && changed <= built) {
  process.stdout.write('Build is up to date.\n');
  process.exit(0);
}
process.stdout.write(built === 0 ? 'Building the server and the console...\n' : 'Sources changed: building...\n');
const started = Date.now();
const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  process.exit(result.status ?? 1);
}
process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(0)} s.\n`);
