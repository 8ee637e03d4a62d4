import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { RefreshTokensRepository } from './refresh-tokens.repository';

/** The refresh token table alone: for the auth routes, and for retention (which purges ended families). */
@Module({
  imports: [TypeOrmModule.forFeature([RefreshTokenEntity])],
  providers: [RefreshTokensRepository],
  exports: [RefreshTokensRepository],
})
export class RefreshTokenStoreModule {}
