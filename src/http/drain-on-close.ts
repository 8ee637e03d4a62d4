import type { FastifyInstance } from 'fastify';

/**
 * On shutdown, Fastify stops accepting connections, closes the idle ones and waits for the rest. A
 * connection whose request was in flight then goes idle after its answer and would stay open as
 * keep-alive (until keepAliveTimeout, 72 s), holding up the exit: once closing, each connection is
 * ended right after its answer is sent. (Requests that arrive while closing get 503, return503OnClosing.)
 */
export function drainConnectionsOnClose(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    if (closing) {
      request.raw.socket?.end();
    }
    done();
  });
}
