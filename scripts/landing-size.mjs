// `npm run bench` (second part): the landing page's first-load JavaScript, gzip — what a visitor's browser
// fetches to show `/` until the network is idle, measured in Debian's Chromium. Target: at most 200 kB.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from './build.mjs';

const TARGET_KB = 200;
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'frontend/dist');
const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

build(['frontend'], { quiet: true });
const { chromium } = await import('playwright-core');

// The built files as the app serves them, with the SPA fallback; /api answers 401 like a signed-out visit.
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (path.startsWith('/api/'))
    return res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
  let file = normalize(join(dist, path));
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const scripts = new Set();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('response', (response) => {
    const pathname = new URL(response.url()).pathname;
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
} finally {
  await browser.close();
  server.close();
}

const rows = [...scripts].map((path) => {
  const bytes = readFileSync(join(dist, path));
  return { path, raw: bytes.length, gzip: gzipSync(bytes).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n) => (n / 1024).toFixed(1);
const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), { raw: 0, gzip: 0 });
const width = Math.max(...rows.map((r) => r.path.length), 'total'.length);
console.log(`\nLanding page first-load JavaScript (${rows.length} files, Chromium, until network idle)`);
console.log(`${'file'.padEnd(width)}  ${'raw kB'.padStart(8)}  ${'gzip kB'.padStart(8)}`);
for (const r of rows) console.log(`${r.path.padEnd(width)}  ${kb(r.raw).padStart(8)}  ${kb(r.gzip).padStart(8)}`);
console.log(`${'total'.padEnd(width)}  ${kb(total.raw).padStart(8)}  ${kb(total.gzip).padStart(8)}`);
console.log(
  `target ≤ ${TARGET_KB} kB gzip: ${kb(total.gzip)} kB = ${((total.gzip / 1024 / TARGET_KB) * 100).toFixed(0)}% of the budget ${total.gzip / 1024 <= TARGET_KB ? '(within)' : '(OVER)'}`,
);
