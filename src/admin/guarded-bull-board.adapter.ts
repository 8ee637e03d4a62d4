import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import { AdminDashboardAuth } from './admin-dashboard-auth';

/**
 * Bull Board's Fastify adapter with authentication inside the plugin it registers: the onRequest hook
 * is added to the plugin's own (encapsulated) instance before any of its routes, so every route the
 * dashboard serves (pages, assets, the JSON API and its write actions) runs it, whatever the spelling
 * of the URL that the router matched.
 */
export function guardedBullBoardAdapter(auth: AdminDashboardAuth): new () => FastifyAdapter {
  return class GuardedBullBoardAdapter extends FastifyAdapter {
    override registerPlugin(): FastifyPluginCallback {
      const plugin: FastifyPluginCallback = super.registerPlugin();
      return (fastify: FastifyInstance, options, done) => {
        fastify.addHook('onRequest', auth.protect);
        plugin(fastify, options, done);
      };
    }
  };
}
