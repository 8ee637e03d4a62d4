import { ArgumentMetadata } from '@nestjs/common';
import { AuditQuery } from '../../audit/audit.query';
import { RefreshTokenDto } from '../../auth/dto/refresh-token.dto';
import { CreateSubmissionDto } from '../../contact/dto/create-submission.dto';
import { SubmissionListQuery } from '../../submissions/staff-api/dto/submission-list.query';
import { ApiException } from '../api-exception';
import { ContractValidationPipe } from './contract-validation.pipe';

const pipe = new ContractValidationPipe();
const asBody = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });

async function messageFor(body: unknown, dto: ArgumentMetadata['metatype'] = CreateSubmissionDto): Promise<string> {
  try {
    await pipe.transform(body, asBody(dto));
  } catch (error) {
    expect(error).toBeInstanceOf(ApiException);
    expect((error as ApiException).getStatus()).toBe(400);
    return (error as ApiException).message;
  }
  throw new Error('expected a validation failure');
}

describe('ContractValidationPipe', () => {
  it('reports the first unknown field in body order, before anything else', async () => {
    expect(await messageFor({ zeta: 1, name: 5, alpha: 2 })).toBe('Unknown field: zeta');
    expect(await messageFor({ alpha: 1, zeta: 2 })).toBe('Unknown field: alpha');
  });

  it('reports a missing required field before any invalid field', async () => {
    expect(await messageFor({ email: 'bad', phone: 'bad' })).toBe('Missing field: name');
    expect(await messageFor({ name: '   ', message: 5 })).toBe('Missing field: name');
  });

  it('reports invalid fields in the order name, email, phone, business, message', async () => {
    const everythingWrong = { message: 1, business: 1, phone: 1, email: 1, name: 1 };
    expect(await messageFor(everythingWrong)).toBe('Invalid field: name');
    expect(await messageFor({ ...everythingWrong, name: 'ok' })).toBe('Invalid field: email');
    expect(await messageFor({ ...everythingWrong, name: 'ok', email: 'a@b.co' })).toBe('Invalid field: phone');
    expect(await messageFor({ message: 1, business: 1, name: 'ok' })).toBe('Invalid field: business');
    expect(await messageFor({ message: 1, name: 'ok' })).toBe('Invalid field: message');
  });

  it('treats null as absent for optional fields and trims what it returns', async () => {
    const dto = (await pipe.transform(
      { name: ' Ann ', email: null, message: ' hi ' },
      asBody(CreateSubmissionDto),
    )) as CreateSubmissionDto;
    expect(dto).toBeInstanceOf(CreateSubmissionDto);
    expect(dto.name).toBe('Ann');
    expect(dto.email).toBeNull();
    expect(dto.message).toBe('hi');
  });

  it('applies the same order to the refresh body', async () => {
    expect(await messageFor({ extra: 1 }, RefreshTokenDto)).toBe('Unknown field: extra');
    expect(await messageFor({}, RefreshTokenDto)).toBe('Missing field: refresh_token');
    expect(await messageFor({ refresh_token: false }, RefreshTokenDto)).toBe('Invalid field: refresh_token');
  });

  it.each([[null], [[1, 2]], ['text'], [undefined]])('answers "Invalid JSON body" for a body of %p', async (body) => {
    expect(await messageFor(body)).toBe('Invalid JSON body');
  });

  it('takes a query parameter sent empty for an absent one (issue 53: `?limit=` reached the list as "")', async () => {
    const asQuery: ArgumentMetadata = { type: 'query', metatype: AuditQuery };
    const query = (await pipe.transform({ limit: '', action: '', actor: '' }, asQuery)) as AuditQuery;
    expect(query).toBeInstanceOf(AuditQuery);
    expect(Object.entries(query).filter(([, value]) => value !== undefined)).toEqual([]);
    expect(((await pipe.transform({ limit: '7' }, asQuery)) as AuditQuery).limit).toBe(7);
    await expect(pipe.transform({ limit: ['', ''] }, asQuery)).rejects.toThrow('Invalid field: limit');
  });

  it('hands `field.<name>` members of the list query to the route as a Map, and refuses every other unknown one', async () => {
    for (const fastPath of [true, false]) {
      const checking = new ContractValidationPipe({ fastPath });
      const asQuery: ArgumentMetadata = { type: 'query', metatype: SubmissionListQuery };
      const query = (await checking.transform(
        { 'field.product': 'Pro', status: 'new', 'field.size': ['1..', '2..'], 'field.empty': '' },
        asQuery,
      )) as SubmissionListQuery;
      expect(query).toBeInstanceOf(SubmissionListQuery);
      expect(query.status).toBe('new');
      expect([...query.fields!]).toEqual([
        ['product', 'Pro'],
        ['size', ['1..', '2..']],
      ]);
      expect(Object.hasOwn(query, 'field.product')).toBe(false);
      expect(((await checking.transform({ status: 'new' }, asQuery)) as SubmissionListQuery).fields).toBeUndefined();
      await expect(checking.transform({ 'field.a': 'x', fields: 'x' }, asQuery)).rejects.toThrow(
        'Unknown field: fields',
      );
      await expect(checking.transform({ 'field.a': 'x', status: 'nope' }, asQuery)).rejects.toThrow(
        'Invalid field: status',
      );
      // Other queries and bodies take no such members.
      await expect(checking.transform({ 'field.a': 'x' }, { type: 'query', metatype: AuditQuery })).rejects.toThrow(
        'Unknown field: field.a',
      );
      expect(await messageFor({ 'field.a': 'x' }, SubmissionListQuery)).toBe('Unknown field: field.a');
    }
  });

  it('leaves non-body parameters alone', async () => {
    expect(await pipe.transform('value', { type: 'custom', metatype: String })).toBe('value');
  });
});
