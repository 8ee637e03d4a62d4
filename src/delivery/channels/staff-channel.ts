import { StaffSubmission } from '../../submissions/staff-api/staff-submission';

export type { StaffSubmission };

/** How this send came about. */
export interface SendContext {
  /** The channel had an attempt for this submission before: a retry, or a staff redelivery. */
  again: boolean;
}

/** A way of handing a submission to staff. `send` resolves once the channel has accepted it. */
export interface StaffChannel {
  readonly name: string;
  send(submission: StaffSubmission, context: SendContext): Promise<void>;
}

export const STAFF_CHANNELS = Symbol('STAFF_CHANNELS');
