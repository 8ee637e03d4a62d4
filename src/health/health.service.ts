import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiException } from '../http/api-exception';
import { MetricsService } from '../metrics/metrics.service';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';

const CHECK_TIMEOUT_MS = 1500;

export interface Readiness {
  status: 'ok';
  checks: Record<'database' | 'redis' | 'migrations', 'up'>;
}

/**
 * Readiness: the database answers, Redis answers, and no migration is pending. A failure is 503 in
 * the contract's envelope, naming the parts that failed.
 */
@Injectable()
export class HealthService implements OnModuleInit {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRedis() private readonly redis: RedisClient,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.probeReadinessWith(() => this.checks());
  }

  /**
   * Each readiness check, up or not, never throwing: what /health/ready answers and `service_ready`
   * reports. Terminus runs them together and reports each one's status whether or not all are up.
   */
  async checks(): Promise<Record<keyof Readiness['checks'], boolean>> {
    let details: Record<string, { status: string }>;
    try {
      details = (
        await this.health.check([
          () => this.database.pingCheck('database', { timeout: CHECK_TIMEOUT_MS }),
          () => this.redisCheck(),
          () => this.migrationsCheck(),
        ])
      ).details;
    } catch (error) {
      details = (error as { response?: { details?: Record<string, { status: string }> } }).response?.details ?? {};
    }
    const up = (check: string) => details[check]?.status === 'up';
    return { database: up('database'), redis: up('redis'), migrations: up('migrations') };
  }

  async readiness(): Promise<Readiness> {
    const failing = Object.entries(await this.checks())
      .filter(([, up]) => !up)
      .map(([check]) => check);
    if (failing.length > 0) {
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, `Not ready: ${failing.join(', ')}`);
    }
    return { status: 'ok', checks: { database: 'up', redis: 'up', migrations: 'up' } };
  }

  private async redisCheck() {
    const session = this.indicators.check('redis');
    try {
      await this.redis.ping();
      return session.up();
    } catch (error) {
      return session.down({ message: (error as Error).message });
    }
  }

  private async migrationsCheck() {
    const session = this.indicators.check('migrations');
    try {
      return (await this.dataSource.showMigrations()) ? session.down({ message: 'pending' }) : session.up();
    } catch (error) {
      return session.down({ message: (error as Error).message });
    }
  }
}
