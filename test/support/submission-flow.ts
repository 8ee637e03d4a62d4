import type { Response } from 'supertest';
import { sleep } from './wait';

/** What a flow of submissions saw: the ids answered 200, and how many answers of each status. */
export interface SubmissionFlow {
  accepted: string[];
  statuses: Map<number, number>;
  /** Stops the clients and waits for their last requests. */
  stop: () => Promise<void>;
}

/**
 * `clients` loops that each send a submission, note the answer and pause 20 ms, until stopped: the
 * steady traffic a failover or an outage test breaks into. `send(client)` makes client n's request.
 */
export function startSubmissionFlow(clients: number, send: (client: number) => Promise<Response>): SubmissionFlow {
  const accepted: string[] = [];
  const statuses = new Map<number, number>();
  let flowing = true;
  const loops = Array.from({ length: clients }, async (_, client) => {
    while (flowing) {
      const answer = await send(client);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 200) {
        accepted.push(answer.body.id as string);
      }
      await sleep(20);
    }
  });
  return {
    accepted,
    statuses,
    stop: async () => {
      flowing = false;
      await Promise.all(loops);
    },
  };
}
