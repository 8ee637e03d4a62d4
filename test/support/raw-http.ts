import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request whose path is sent exactly as written: no client normalises percent-escapes,
 * doubled slashes or dot segments on the way, as supertest and fetch would.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** A request under way: its headers sent, its body sent when and as far as the test chooses. */
export interface OpenRequest {
  /** Resolves when the server answers, which may be before the body is sent, or at all. */
  response: Promise<RawResponse>;
  write: (chunk: string | Buffer) => void;
  end: (chunk?: string | Buffer) => void;
  /** Closes the connection mid-request, as a sender that goes away. */
  abort: () => void;
}

/**
 * Sends a request's headers at once and its body only as `write` and `end` are called (chunked when
 * the headers carry no Content-Length), so a test sees what the server answers to the headers alone.
 */
export function openRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): OpenRequest {
  const call = request({ host: '127.0.0.1', port, method, path, headers });
  const response = new Promise<RawResponse>((resolve, reject) => {
    call.on('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    call.on('error', reject);
  });
  // An abort ends the request with an error only the test that awaits the answer cares about.
  response.catch(() => undefined);
  call.flushHeaders();
  return {
    response,
    write: (chunk) => void call.write(chunk),
    end: (chunk) => void call.end(chunk),
    abort: () => void call.destroy(),
  };
}
