import { AddressInfo, createServer, Server, Socket, connect } from 'node:net';

/**
 * A TCP proxy the test owns, in front of a shared server (MariaDB or Redis), so a test can cut and
 * restore the connection without ever touching the shared server itself.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private hold?: { pattern: string; seen: () => void };
  port = 0;

  /**
   * `latencyMs` delays every answer from the server by that much, as a database across a network
   * would answer, so a test can make queries slow without touching the server.
   */
  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
    private readonly latencyMs = 0,
  ) {}

  async start(port = 0): Promise<number> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      let holding = false;
      client.on('data', (chunk: Buffer) => {
        if (this.hold && chunk.includes(this.hold.pattern)) {
          holding = true;
          this.hold.seen();
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (holding) {
          return; // the server's answer never reaches the client
        }
        if (this.latencyMs > 0) {
          setTimeout(() => client.write(chunk), this.latencyMs);
        } else {
          client.write(chunk);
        }
      });
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  /**
   * From the next client message that contains `pattern` on, that connection's answers from the server
   * are swallowed: the statement reaches the server, its reply never reaches the client. Resolves once
   * such a message has passed.
   */
  holdRepliesAfter(pattern: string): Promise<void> {
    return new Promise((resolve) => (this.hold = { pattern, seen: resolve }));
  }

  /** Refuses new connections and drops every open one. */
  async cut(): Promise<void> {
    for (const socket of this.sockets) {
      socket.destroy();
    }
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /** Listens again on the same port. */
  async restore(): Promise<void> {
    this.hold = undefined;
    await this.start(this.port);
  }

  stop(): Promise<void> {
    return this.cut();
  }
}
