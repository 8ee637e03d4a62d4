/**
 * `node -r ts-node/register/transpile-only bench/seal-cost.ts`: the CPU cost of encryption at rest per
 * submission, apart from the noise of a whole request: FieldCipher.sealRow of a typical submission
 * (five fields) and openRow of it, against the clear path (sealRow without keys), in microseconds.
 */
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../src/config/app-config';
import { validateEnvironment } from '../src/config/environment';
import { FieldCipher } from '../src/database/field-cipher';
import { SAMPLE_SUBMISSION } from './support';

const ROUNDS = 50_000;
const row = { id: '0193a000-0000-7000-8000-000000000001', encKeyId: null as string | null, ...SAMPLE_SUBMISSION };
const cipherWith = (keys?: string) =>
  new FieldCipher(new AppConfig(validateEnvironment(keys ? { DATA_ENCRYPTION_KEYS: keys } : {})));

function microsPer(work: () => void): number {
  for (let i = 0; i < 2_000; i++) {
    work();
  }
  const start = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) {
    work();
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / ROUNDS;
}

const clear = cipherWith();
const sealed = cipherWith(`k1:${randomBytes(32).toString('base64')}`);
const clearCost = microsPer(() => {
  clear.sealRow('submissions', row);
  clear.emailHash(row.email);
});
const sealCost = microsPer(() => {
  sealed.sealRow('submissions', row);
  sealed.emailHash(row.email);
});
const stored = sealed.sealRow('submissions', row);
const openCost = microsPer(() => sealed.openRow('submissions', { ...stored }));
process.stdout.write(
  `per submission (CPU): clear ${clearCost.toFixed(1)} µs, sealed ${sealCost.toFixed(1)} µs ` +
    `(+${(sealCost - clearCost).toFixed(1)} µs), opening one ${openCost.toFixed(1)} µs\n`,
);
