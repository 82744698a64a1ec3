// The built app and its tools as one bundle (backend/bundle), made from tsc's dist/ after it: Node then loads a few
// dozen files at start instead of ~2,600 (most of them from node_modules), about 0.7 CPU-s less for every start.
//
// Every file lands flat in bundle/, one folder below backend/ like src/ and dist/: paths the code computes from
// `import.meta.url` (the frontend's dist, backend/ itself) then resolve alike from all three.
//
// No `require` banner: on Node rolldown gives the inlined CommonJS its own `createRequire(import.meta.url)`, and a
// module-level `const require` of ours (contracts-encoding.ts) clashed with one at module link.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'rolldown';
import { TOOLS } from './tools.mjs';

const DIST = fileURLToPath(new URL('./dist/', import.meta.url));

/** tsc's own source maps handed to rolldown, so that the bundle's maps lead back to src/*.ts, not to dist/*.js. */
const tscSourceMaps = {
  name: 'tsc-source-maps',
  load(id) {
    if (!id.startsWith(DIST) || !existsSync(`${id}.map`)) return null;
    return { code: readFileSync(id, 'utf8'), map: readFileSync(`${id}.map`, 'utf8') };
  },
};

export default defineConfig({
  input: {
    main: 'dist/main.js',
    // The app apart from main.js's refusal of a busy data folder: what `import()` of the app costs, and its chunk.
    app: 'dist/app.js',
    ...Object.fromEntries(TOOLS.map((tool) => [`cli-${tool}`, `dist/cli/${tool}.js`])),
    // The benchmark's restarts run what `npm start` and the image run.
    'bench-boot-child': 'dist/bench/boot-child.js',
  },
  platform: 'node',
  plugins: [tscSourceMaps],
  // Left to Node: packages that find files of their own beside their code (pglite's WebAssembly, anvil's binary,
  // swagger-ui's assets, the T-REX artifacts) or that only an adapter configured at run time imports.
  external: [
    /^@electric-sql\/pglite/,
    /^@foundry-rs\//,
    /^swagger-ui-dist/,
    /^@fastify\/static/,
    /^mongodb/,
    /^@eventstore\//,
    /^stripe/,
    /^viem/,
    /^pg$/,
    /^@tokenysolutions\//,
    /^openapi-typescript/,
    // Optional Nest packages this app does not install, imported only by features it does not use.
    /^@nestjs\/(microservices|websockets|platform-express)/,
    /^@fastify\/(multipart|view)$/,
  ],
  // keepNames: two classes of one name in different modules (RecordCheckDto) are renamed apart in a chunk, and the
  // OpenAPI document names its schemas after `constructor.name` (as do Nest's logs and errors).
  output: { dir: 'bundle', format: 'esm', cleanDir: true, sourcemap: true, keepNames: true },
});
