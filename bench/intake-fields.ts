import { runCli } from './support';

/** The kinds of field a real form asks, in the order `--fields N` takes them (20 of them, then repeated). */
const KINDS: { type: string; options?: string[]; value: unknown }[] = [
  { type: 'text', value: 'ORD-2026-004711' },
  { type: 'select', options: ['Basic', 'Pro', 'Enterprise'], value: 'Pro' },
  { type: 'email', value: 'billing@example.com' },
  { type: 'number', value: 3 },
  { type: 'date', value: '2026-12-24' },
  { type: 'checkbox', value: true },
  { type: 'long_text', value: 'The device restarts when the screen turns off.\nIt started after the update.' },
  { type: 'phone', value: '+44 20 7946 0958' },
  { type: 'url', value: 'https://shop.example.com/orders/4711' },
  { type: 'multi_select', options: ['Billing', 'Shipping', 'Returns', 'Warranty'], value: ['Shipping', 'Returns'] },
  { type: 'text', value: 'Serial 55-AX-91' },
  { type: 'select', options: ['Phone', 'E-mail', 'Chat'], value: 'E-mail' },
  { type: 'number', value: 129.99 },
  { type: 'date', value: '2026-11-02' },
  { type: 'checkbox', value: false },
  { type: 'text', value: 'Munich' },
  { type: 'select', options: ['DE', 'FR', 'ES', 'UK', 'US'], value: 'DE' },
  { type: 'long_text', value: 'Please call after 5 pm.' },
  { type: 'number', value: 42 },
  { type: 'text', value: 'Model Z3' },
];

function kindOf(i: number) {
  return KINDS[i % KINDS.length];
}

/**
 * `--fields N`: N custom fields on the bench's key (defined through the CLI, as an operator would),
 * mostly optional, the first two required: every submission sends a value for each.
 */
export function defineIntakeFields(env: NodeJS.ProcessEnv, apiKeyId: string, count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > 50) {
    throw new Error('--fields takes 1 to 50');
  }
  const fields = Array.from({ length: count }, (_, i) => {
    const kind = kindOf(i);
    return {
      name: `field_${i + 1}`,
      label: `Field ${i + 1}`,
      type: kind.type,
      required: i < 2,
      ...(kind.options ? { options: kind.options } : {}),
    };
  });
  process.stdout.write(runCli(env, ['fields', 'set', apiKeyId, '--file', '-'], JSON.stringify({ fields })));
}

/** The `fields` member of every bench submission for `--fields N`. */
export function intakeFieldValues(count: number): Record<string, unknown> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`field_${i + 1}`, kindOf(i).value]));
}
