import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** What Node's HTTP parser refused, as the contract's envelope. */
function answerFor(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return [431, 'Request header fields too large'];
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [408, 'Request timeout'];
  }
  return [400, 'Bad request'];
}

/**
 * Fastify's `clientErrorHandler`: requests that Node's HTTP parser refuses (oversized headers, bare CR,
 * LF or NUL in a header, obs-fold, chunked with Content-Length...) never reach a route, so they are
 * answered here, with the same statuses as Fastify's default but in the contract's envelope.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const [status, message] = answerFor(error.code);
  const body = JSON.stringify({ status: 'error', message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
