import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The HTTP benchmark's baseline: a bare node:http server answering each path with the bytes the app answered it
 * with (argv: a JSON file of { path: body }, the port). What any Node server pays for HTTP and nothing else.
 */
const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>).map(([path, body]) => [
    path,
    Buffer.from(body),
  ]),
);
const server = createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.argv[3]), '127.0.0.1', () => process.stdout.write('listening\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
