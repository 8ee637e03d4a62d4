import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';

/** The one Clock of a process (global: every room's rules read the same time). */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
