import { connect, type Socket } from 'node:net';

/**
 * The HTTP benchmark's load generator: keep-alive HTTP/1.1 connections over plain sockets, each sending one fixed
 * GET (its bytes made once) and reading the answer's status line and Content-Length — nothing else of it is parsed.
 * With a general client (undici) the baseline was the client's pace, not the bare server's: in the quiet run of
 * 2026-11-26 the bare node:http server answered about 53,500 requests a second at 13 µs of CPU each, 70 % of its
 * core: the client set the pace. This client spent 13–23 µs a request where the bare server
 * spent 24–31 µs (2026-11-27, under load), and the bench prints its share beside the servers'.
 */
export class RawClient {
  private readonly free: Connection[] = [];
  private readonly waiting: ((status: number) => void)[] = [];
  private readonly connections: Connection[] = [];
  private closing = false;

  private constructor(
    private readonly request: Buffer,
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Opens `connections` connections to `origin` (http://host:port), each sending GET `path` with `headers`. */
  static async open(
    origin: string,
    path: string,
    headers: Record<string, string>,
    connections: number,
  ): Promise<RawClient> {
    const { hostname, port } = new URL(origin);
    const lines = [`GET ${path} HTTP/1.1`, `host: ${hostname}:${port}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    const client = new RawClient(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), hostname, Number(port));
    await Promise.all(Array.from({ length: connections }, () => client.connect()));
    return client;
  }

  private async connect(): Promise<void> {
    const connection = await Connection.open(this.host, this.port, {
      answered: () => this.ready(connection),
      closed: () => this.closed(connection),
    });
    this.connections.push(connection);
    this.ready(connection);
  }

  /**
   * A connection the server closed. One closed while idle (the app closes keep-alive connections idle for 5 s, and
   * the open-loop latency runs leave most of the 32 idle) is replaced, as any HTTP client does, so that no request
   * is sent on a closed socket and counted as an error; a request under way on it was already answered with 0.
   */
  private closed(connection: Connection): void {
    for (const list of [this.connections, this.free]) {
      const at = list.indexOf(connection);
      if (at !== -1) list.splice(at, 1);
    }
    if (!this.closing) void this.connect().catch(() => undefined);
  }

  /** Sends the request on a free connection (or the next one to become free); resolves with the answer's status. */
  send(): Promise<number> {
    return new Promise((resolve) => {
      const connection = this.free.pop();
      if (connection) connection.send(this.request, resolve);
      else this.waiting.push(resolve);
    });
  }

  /** A connection ready for a request: the next one waiting, or it waits in `free`. */
  private ready(connection: Connection): void {
    const next = this.waiting.shift();
    if (next) connection.send(this.request, next);
    else this.free.push(connection);
  }

  close(): void {
    this.closing = true;
    for (const connection of [...this.connections]) connection.socket.destroy();
  }
}

interface ConnectionEvents {
  /** An answer came in: the connection is free again. */
  answered(): void;
  /** The socket closed, whoever closed it. */
  closed(): void;
}

class Connection {
  private buffered: Buffer | null = null;
  /** Where the answer being read ends in `buffered` (header and body), or -1 while its header is incomplete. */
  private end = -1;
  private status = 0;
  private pending: ((status: number) => void) | null = null;

  private constructor(
    readonly socket: Socket,
    private readonly events: ConnectionEvents,
  ) {
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', () => this.fail());
    socket.on('close', () => {
      this.fail();
      events.closed();
    });
  }

  static open(host: string, port: number, events: ConnectionEvents): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host);
      socket.setNoDelay(true);
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new Connection(socket, events));
      });
    });
  }

  send(request: Buffer, answered: (status: number) => void): void {
    this.pending = answered;
    this.socket.write(request);
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered ? Buffer.concat([this.buffered, chunk]) : chunk;
    if (this.end === -1) {
      const headerEnd = this.buffered.indexOf('\r\n\r\n');
      if (headerEnd === -1) return;
      const head = this.buffered.toString('latin1', 0, headerEnd);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) throw new Error(`An answer without Content-Length: ${head.split('\r\n')[0]}`);
      this.status = Number(head.slice(9, 12));
      this.end = headerEnd + 4 + Number(length[1]);
    }
    if (this.buffered.length < this.end) return;
    if (this.buffered.length > this.end) throw new Error('More bytes than one answer: nothing was pipelined');
    this.buffered = null;
    this.end = -1;
    const answered = this.pending!;
    this.pending = null;
    answered(this.status);
    this.events.answered();
  }

  /** A connection closed or failed mid-request: that request counts as an error (status 0). */
  private fail(): void {
    const answered = this.pending;
    this.pending = null;
    answered?.(0);
  }
}
