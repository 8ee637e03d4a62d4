import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { RateLimitModule } from '../rate-limits/rate-limit.module';
import { AccessTokenService } from './access-token.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AccessTokenGuard } from './guards/access-token.guard';
import { ApiKeyAuthGuard } from './guards/api-key-auth.guard';
import { RefreshTokenOwnerGuard } from './guards/refresh-token-owner.guard';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { RefreshTokenService } from './refresh-token.service';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { ApiKeyStrategy } from './strategies/api-key.strategy';

@Module({
  imports: [
    TypeOrmModule.forFeature([RefreshTokenEntity]),
    PassportModule,
    JwtModule.register({}),
    ApiKeyModule,
    RateLimitModule,
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    AccessTokenService,
    RefreshTokensRepository,
    RefreshTokenService,
    ApiKeyStrategy,
    ApiKeyAuthGuard,
    AccessTokenGuard,
    RefreshTokenOwnerGuard,
  ],
  exports: [AccessTokenService, AccessTokenGuard, ApiKeyModule],
})
export class AuthModule {}
