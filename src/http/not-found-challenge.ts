import type { FastifyRequest } from 'fastify';
import { ApiException } from './api-exception';

/**
 * A room that guards a whole path by itself (the queue dashboard) provides this, so the error filter
 * can answer 401 instead of 404 under that path without knowing the room: http imports no room.
 */
export abstract class NotFoundChallenge {
  /** True when a 404 for this request should ask for credentials instead. */
  abstract shouldChallenge(request: FastifyRequest): boolean;

  /** The 401 to answer, with its `WWW-Authenticate` header. */
  abstract challenge(): ApiException;
}
