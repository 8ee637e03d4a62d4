import { Module } from '@nestjs/common';
import { DeliveryModule } from './delivery/delivery.module';

/** The staff worker: consumes the `submissions` queue and delivers to the staff channels. */
@Module({ imports: [DeliveryModule] })
export class WorkerModule {}
