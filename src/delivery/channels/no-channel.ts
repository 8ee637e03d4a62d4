import { StaffChannel } from './staff-channel';

/**
 * STAFF_CHANNELS=none: staff work in the service itself, so a worker sends nowhere, but says so: the
 * outcome is recorded as a delivery on channel `none`, and `submissions retry` sends such a submission
 * again once a real channel is configured.
 */
export class NoChannel implements StaffChannel {
  static readonly NAME = 'none';
  readonly name = NoChannel.NAME;

  send(): Promise<void> {
    return Promise.resolve();
  }
}
