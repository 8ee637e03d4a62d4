/** What staff channels receive for one submission (the webhook's `submission` object). */
export interface StaffSubmission {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  business: string | null;
  message: string | null;
  created_at: string;
  api_key: { id: string; name: string };
}

/** A way of handing a submission to staff. `send` resolves once the channel has accepted it. */
export interface StaffChannel {
  readonly name: string;
  send(submission: StaffSubmission): Promise<void>;
}

export const STAFF_CHANNELS = Symbol('STAFF_CHANNELS');
