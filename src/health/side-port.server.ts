import { HttpStatus } from '@nestjs/common';
import Fastify, { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiException, sendError } from '../http/api-exception';

export type SidePortHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * A small Fastify listener beside (or instead of) the API: the worker's health port and the optional
 * METRICS_PORT. GET routes only; errors and unknown paths answer in the contract's envelope.
 */
export async function startSidePort(
  host: string,
  port: number,
  routes: Record<string, SidePortHandler>,
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  for (const [path, handler] of Object.entries(routes)) {
    server.get(path, handler);
  }
  server.setNotFoundHandler((_request, reply) => sendError(reply, HttpStatus.NOT_FOUND, 'Not found'));
  server.setErrorHandler((error, _request, reply) => {
    if (error instanceof ApiException) {
      sendError(reply, error);
    } else {
      sendError(reply, HttpStatus.INTERNAL_SERVER_ERROR, 'Internal server error');
    }
  });
  await server.listen({ host, port });
  return server;
}
