import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { RateLimitModule } from '../rate-limits/rate-limit.module';
import { AccessTokenService } from './access-token.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AccessTokenGuard } from './guards/access-token.guard';
import { ApiKeyAuthGuard } from './guards/api-key-auth.guard';
import { RefreshTokenOwnerGuard } from './guards/refresh-token-owner.guard';
import { RefreshTokenService } from './refresh-token.service';
import { RefreshTokenStoreModule } from './refresh-token-store.module';
import { ApiKeyStrategy } from './strategies/api-key.strategy';

@Module({
  imports: [RefreshTokenStoreModule, PassportModule, JwtModule.register({}), ApiKeyModule, RateLimitModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    AccessTokenService,
    RefreshTokenService,
    ApiKeyStrategy,
    ApiKeyAuthGuard,
    AccessTokenGuard,
    RefreshTokenOwnerGuard,
  ],
  exports: [AccessTokenService, AccessTokenGuard, ApiKeyModule],
})
export class AuthModule {}
