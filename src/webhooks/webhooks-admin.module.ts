import { Module } from '@nestjs/common';
import { WebhooksAdminController } from './webhooks-admin.controller';
import { WebhooksModule } from './webhooks.module';

/** The admin routes over webhook destinations and the replay of a delivery (the API process only). */
@Module({
  imports: [WebhooksModule],
  controllers: [WebhooksAdminController],
})
export class WebhooksAdminModule {}
