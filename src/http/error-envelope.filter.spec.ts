import { ArgumentsHost, BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { validateEnvironment } from '../config/environment';
import { ApiException } from './api-exception';
import { ErrorEnvelopeFilter } from './error-envelope.filter';

function render(exception: unknown, request = { method: 'POST', url: '/contact_api.php' }) {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const reply = {
    header: (name: string, value: string) => ((sent.headers[name] = value), reply),
    status: (status: number) => ((sent.status = status), reply),
    type: () => reply,
    send: (body: unknown) => ((sent.body = body), reply),
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  const filter = new ErrorEnvelopeFilter(new AppConfig(validateEnvironment({ NODE_ENV: 'test' })));
  (filter as unknown as { logger: { error: () => void; warn: () => void } }).logger = {
    error: () => {},
    warn: () => {},
  };
  filter.catch(exception, host);
  return sent;
}

describe('ErrorEnvelopeFilter', () => {
  it('answers an unexpected error 500 without internals', () => {
    const sent = render(new Error('ER_PARSE_ERROR near SELECT * FROM secrets at /srv/app/x.ts:12'));
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({ status: 'error', message: 'Internal server error' });
  });

  it('answers a failed SQL statement 500 without its text', () => {
    const error = new QueryFailedError('SELECT 1', [], new Error('Unknown column'));
    expect(render(error).body).toEqual({ status: 'error', message: 'Internal server error' });
  });

  it('answers a lost database connection 503', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
    const sent = render(error);
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({ status: 'error', message: 'Service unavailable' });
  });

  it('keeps the message and headers of an ApiException', () => {
    const sent = render(new ApiException(401, 'Invalid API key', { 'WWW-Authenticate': 'ApiKey' }));
    expect(sent.status).toBe(401);
    expect(sent.body).toEqual({ status: 'error', message: 'Invalid API key' });
    expect(sent.headers['WWW-Authenticate']).toBe('ApiKey');
  });

  it('gives the contract wording to errors raised by the HTTP layer', () => {
    expect(render(new PayloadTooLargeException('Request body is too large')).body).toEqual({
      status: 'error',
      message: 'Request body too large',
    });
    expect(render(new NotFoundException('Cannot POST /x'), { method: 'POST', url: '/x' }).body).toEqual({
      status: 'error',
      message: 'Not found',
    });
    expect(render(new BadRequestException('Invalid Content-Length')).body).toEqual({
      status: 'error',
      message: 'Invalid Content-Length',
    });
  });

  it('turns a 404 on a contract path into 405 with Allow', () => {
    const sent = render(new NotFoundException(), { method: 'GET', url: '/auth.php?x=1' });
    expect(sent.status).toBe(405);
    expect(sent.headers.Allow).toBe('POST');
  });
});
