import { DynamicModule, Module } from '@nestjs/common';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { AppConfig } from './config/app-config';
import { ContactModule } from './contact/contact.module';
import { HealthRoutesModule } from './health/health.module';
import { StaffAuthModule } from './staff-accounts/staff-accounts.module';
import { StaffSubmissionsModule } from './submissions/submissions.module';

/** The HTTP API: the three contract endpoints, staff sign-in, probes and metrics, and the queue dashboard when configured. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        AuthModule,
        ContactModule,
        HealthRoutesModule,
        StaffAuthModule,
        StaffSubmissionsModule,
        ...(config.admin.user ? [AdminModule] : []),
      ],
      exports: config.admin.user ? [AdminModule] : [],
    };
  }
}
