import { JwtService } from '@nestjs/jwt';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { validateEnvironment } from '../config/environment';
import { AccessTokenService } from './access-token.service';

describe('AccessTokenService', () => {
  const service = new AccessTokenService(
    new JwtService(),
    new AppConfig(validateEnvironment({ JWT_SECRET: 'a'.repeat(40) })),
    new Clock(),
  );
  afterEach(() => jest.restoreAllMocks());

  it('accepts a token it issued again and again, and refuses it once expired even after it was accepted', () => {
    const token = service.issue('key-1');
    expect(service.verify(token)).toEqual({ apiKeyId: 'key-1', jti: expect.any(String) });
    expect(service.verify(token)).toEqual({ apiKeyId: 'key-1', jti: expect.any(String) });
    const issuedAt = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(issuedAt + 901_000);
    expect(service.verify(token)).toBeNull();
  });

  it('never takes a token for one it verified before because they share a prefix or a signature', () => {
    const token = service.issue('key-2');
    expect(service.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    expect(service.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
    expect(service.verify(`${header}.${payload}x.${signature}`)).toBeNull();
  });
});
