import { getMetadataStorage, IsString, validateSync, ValidateNested } from 'class-validator';
import { plainToInstance, Type } from 'class-transformer';
import { CreateApiKeyDto, UpdateApiKeyDto } from '../../api-keys/dto/api-key-changes.dto';
import { AuditQuery } from '../../audit/audit.query';
import { RefreshTokenDto } from '../../auth/dto/refresh-token.dto';
import { CreateSubmissionDto } from '../../contact/dto/create-submission.dto';
import { EmailAddressDto } from '../../privacy/dto/privacy.dto';
import { CreateStaffAccountDto, UpdateStaffAccountDto } from '../../staff-accounts/dto/staff-account-changes.dto';
import { SignInDto } from '../../staff-accounts/dto/sign-in.dto';
import { CreateNoteDto } from '../../submissions/staff-api/dto/create-note.dto';
import { SubmissionListQuery } from '../../submissions/staff-api/dto/submission-list.query';
import { UpdateSubmissionDto } from '../../submissions/changes/dto/update-submission.dto';
import { WEBHOOK_EVENTS } from '../../submissions/facts/submission-facts';
import { AddWebhookDto } from '../../webhooks/dto/webhook-changes.dto';
import { ContractValidationPipe } from './contract-validation.pipe';
import { fastPathFor } from './fast-path';

/** The full class-transformer/class-validator path, the reference the fast path must agree with. */
const fullPath = new ContractValidationPipe({ fastPath: false });

/** Values that sit on and around every rule the DTOs have. */
const VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'a',
  ' Ada Lovelace ',
  'x'.repeat(200),
  'x'.repeat(201),
  '😀'.repeat(200),
  'ada@example.com',
  ' ada@example.com ',
  'ada@',
  'not an email',
  '+44 20 7946 0958',
  '555-CALL',
  'line\nbreak\ttab',
  'bell\u0007',
  'c1\u0085',
  '\ud800',
  '01a20093-2c13-73ce-ba5f-bebabadb9343',
  '01A20093-2C13-73CE-BA5F-BEBABADB9343',
  'new',
  'closed',
  'new,in_progress',
  'none',
  '2026-11-23T10:00:00Z',
  '2026-13-40',
  '50',
  '0',
  '101',
  '1e2',
  'https://hooks.example.com/x',
  'http://127.0.0.1/x',
  ...WEBHOOK_EVENTS,
  'Sup3r-secret-passphrase!',
  'admin',
  'rt_' + 'A'.repeat(43),
  0,
  1,
  60,
  -1,
  1.5,
  true,
  false,
  {},
  { name: 'nested' },
  [],
  ['new'],
];

/** A small deterministic generator, so a failure names a body that can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function fieldsOf(dto: new () => object): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false, undefined);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}

/**
 * Bodies of random values, three in four of them drawn from the values the full path takes for that
 * field (so that many whole bodies pass and agreement on "valid" is tested as much as on "invalid").
 */
function bodiesFor(dto: new () => object, count: number): Record<string, unknown>[] {
  const fields = fieldsOf(dto);
  const fitting = new Map<string, unknown[]>();
  for (const field of fields) {
    const fits: unknown[] = [];
    for (const value of VALUES) {
      const errors = validateSync(plainToInstance(dto, value === undefined ? {} : { [field]: value }));
      if (!errors.some((error) => error.property === field)) {
        fits.push(value);
      }
    }
    fitting.set(field, fits);
  }
  const random = generator(fields.length * 7919 + dto.name.length);
  const pick = (values: unknown[]) => values[Math.floor(random() * values.length)];
  const bodies: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const body: Record<string, unknown> = {};
    for (const field of fields) {
      const value = random() < 0.75 && fitting.get(field)!.length > 0 ? pick(fitting.get(field)!) : pick(VALUES);
      if (value !== undefined) {
        body[field] = value;
      }
    }
    bodies.push(body);
  }
  return bodies;
}

async function fullResult(dto: new () => object, body: object): Promise<object | Error> {
  try {
    return (await fullPath.transform(structuredClone(body), { type: 'body', metatype: dto })) as object;
  } catch (error) {
    return error as Error;
  }
}

/** Every body and query DTO of the API whose rules the fast path reproduces. */
const DTOS: (new () => object)[] = [
  CreateSubmissionDto,
  RefreshTokenDto,
  UpdateSubmissionDto,
  CreateNoteDto,
  SignInDto,
  CreateStaffAccountDto,
  UpdateStaffAccountDto,
  CreateApiKeyDto,
  UpdateApiKeyDto,
  EmailAddressDto,
  SubmissionListQuery,
  AuditQuery,
];

describe('fastPathFor', () => {
  it.each(DTOS.map((dto) => [dto.name, dto] as const))(
    '%s: whatever the fast path accepts, the full path accepts with the same result',
    async (_name, dto) => {
      const fastPath = fastPathFor(dto);
      expect(fastPath).not.toBeNull();
      let agreedValid = 0;
      for (const body of bodiesFor(dto, 1500)) {
        const fast = fastPath!(structuredClone(body));
        const full = await fullResult(dto, body);
        if (fast !== undefined) {
          expect({ body, full }).toEqual({ body, full: expect.any(dto) });
          expect(fast).toBeInstanceOf(dto);
          expect({ body, fast: { ...fast } }).toEqual({ body, fast: { ...full } });
          agreedValid++;
        }
      }
      // Bodies the generator makes valid exist for every DTO, so the fast path is not vacuously sound.
      expect(agreedValid).toBeGreaterThan(0);
    },
  );

  it('accepts every valid submission the full path accepts (the request path never falls back for them)', async () => {
    const fastPath = fastPathFor(CreateSubmissionDto)!;
    let valid = 0;
    for (const body of bodiesFor(CreateSubmissionDto, 3000)) {
      const full = await fullResult(CreateSubmissionDto, body);
      const primitive = Object.values(body).every((value) => value === null || typeof value !== 'object');
      if (!(full instanceof Error) && primitive) {
        expect({ body, fast: fastPath(structuredClone(body)) }).toEqual({ body, fast: full });
        valid++;
      }
    }
    expect(valid).toBeGreaterThan(500);
  });

  it('never accepts a nested value or an undeclared field, and leaves the body unchanged', () => {
    const fastPath = fastPathFor(CreateSubmissionDto)!;
    expect(fastPath({ name: 'Ada', message: { text: 'hi' } })).toBeUndefined();
    expect(fastPath({ name: 'Ada', extra: 'x' })).toBeUndefined();
    const body = { name: ' Ada ' };
    expect(fastPath(body)).toEqual({ name: 'Ada' });
    expect(body).toEqual({ name: ' Ada ' });
  });

  it('leaves DTOs with nested rules, per-item rules or @Type to the full path', () => {
    // Its `events` list is checked item by item (`each`).
    expect(fastPathFor(AddWebhookDto)).toBeNull();
    class Inner {
      @IsString()
      text!: string;
    }
    class Outer {
      @ValidateNested()
      @Type(() => Inner)
      inner!: Inner;
    }
    expect(fastPathFor(Outer)).toBeNull();
  });
});
