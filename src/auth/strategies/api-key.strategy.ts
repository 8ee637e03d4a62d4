import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { HeaderAPIKeyStrategy } from 'passport-headerapikey';
import { ApiKeyService } from '../../api-keys/api-key.service';
import type { ApiKeyEntity } from '../../api-keys/entities/api-key.entity';

export const API_KEY_STRATEGY = 'api-key';
export const API_KEY_HEADER = 'X-API-KEY';

/** Passport strategy for the X-API-KEY header (no prefix: the header carries the bare key). */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(HeaderAPIKeyStrategy, API_KEY_STRATEGY) {
  constructor(private readonly apiKeys: ApiKeyService) {
    super({ header: API_KEY_HEADER, prefix: '' }, false);
  }

  async validate(key: string): Promise<ApiKeyEntity | false> {
    return (await this.apiKeys.findActiveByKey(key)) ?? false;
  }
}
