import { FastifyAdapter } from '@bull-board/fastify';
import { HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyPluginCallback, FastifyReply } from 'fastify';
import { sendError } from '../http/api-exception';
import { RedisClient } from '../redis/redis-connection';
import { AdminDashboardAuth } from './admin-dashboard-auth';

/**
 * The dashboard reads the queues through BullMQ's connections, which wait for Redis to come back
 * rather than fail: without this check a page asked for during an outage hangs until it returns. The
 * request-path connection answers a PING or fails within a second (no offline queue, command timeout).
 */
function refuseWhileRedisIsAway(redis: RedisClient) {
  return async (_request: unknown, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    try {
      await redis.ping();
      return undefined;
    } catch {
      sendError(reply, HttpStatus.SERVICE_UNAVAILABLE, 'Service unavailable', { 'Retry-After': '5' });
      return reply;
    }
  };
}

/**
 * Bull Board's Fastify adapter with authentication inside the plugin it registers: the onRequest hook
 * is added to the plugin's own (encapsulated) instance before any of its routes, so every route the
 * dashboard serves (pages, assets, the JSON API and its write actions) runs it, whatever the spelling
 * of the URL that the router matched. Then, signed in, a quick answer while Redis is away.
 */
export function guardedBullBoardAdapter(auth: AdminDashboardAuth, redis: RedisClient): new () => FastifyAdapter {
  return class GuardedBullBoardAdapter extends FastifyAdapter {
    override registerPlugin(): FastifyPluginCallback {
      const plugin: FastifyPluginCallback = super.registerPlugin();
      return (fastify: FastifyInstance, options, done) => {
        fastify.addHook('onRequest', auth.protect);
        fastify.addHook('preHandler', refuseWhileRedisIsAway(redis));
        plugin(fastify, options, done);
      };
    }
  };
}
