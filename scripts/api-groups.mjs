// `npm test` runs most API spec files and browser files in groups: one Jest file that imports several of them, so the
// app's modules (NestJS, Swagger, Fastify, the domains: about 2 CPU-seconds through Jest's module system) are loaded
// once per group instead of once per file. Six API spec files took 20.2–21.7 CPU-seconds run one by one and 7.9–9.5
// as one group (cpuacct cgroup, 2026-11-27). Every test still runs, in its own describe block with its own hooks: a
// file is grouped only if nothing of it sits at its top level but describe blocks (a top-level hook would run for the
// whole group). Every API spec file is grouped, nine to a group: the ten listed ones cost 92–98 CPU-s with the groups
// run one by one and 74–78 grouped with the rest (2026-11-28). Every browser file is grouped, five to a group (four
// groups): the 20 browser files cost 249 and 261 CPU-s as five groups of three and five files alone, 233 as four
// groups of five (the Jest workers 56 → 43 CPU-s: the app and Playwright's client loaded 4 times instead of 10) and
// 228 as two of ten (2026-11-28, late; two workers).
// Pass paths to `npm test`, or run a file with Jest, and each file runs as itself.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const KINDS = [
  // No file of these kinds runs by itself any more: an API spec file alone paid about 2 CPU-s importing the app, a
  // browser file alone 1–2 more (the app, Playwright's client). A group weighs what its files do
  // (scripts/slow-tests.json), so the heaviest groups start first.
  { name: 'api-group', dir: 'backend/src', suffix: '.api.spec.ts', perGroup: 9 },
  { name: 'browser-group', dir: 'frontend/e2e', suffix: '.e2e.ts', perGroup: 5 },
];
const TOP_LEVEL = /^(beforeAll|afterAll|beforeEach|afterEach|it|test)\(/m;

function filesUnder(root, dir, suffix) {
  const found = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(root, path, suffix));
    else if (entry.name.endsWith(suffix)) found.push(path);
  }
  return found;
}

/** Writes the groups' files to `.tmp/api-groups/` and returns that folder (its manifest.json lists them). */
export function writeApiGroups(root) {
  const known = JSON.parse(readFileSync(join(root, 'scripts/slow-tests.json'), 'utf8')).seconds;
  const dir = join(root, '.tmp/api-groups');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const manifest = { grouped: [], groups: {} };
  for (const kind of KINDS) {
    const files = filesUnder(root, kind.dir, kind.suffix)
      .filter((path) => !TOP_LEVEL.test(readFileSync(join(root, path), 'utf8')))
      // A file's weight, an estimate of its seconds for the order files start in: the listed one, else its size in kB.
      .map((path) => ({ path, weight: known[path] ?? statSync(join(root, path)).size / 1000 }))
      .sort((a, b) => b.weight - a.weight || (a.path < b.path ? -1 : 1));
    // The heaviest file first into the lightest group so far: groups of about the same weight.
    const groups = Array.from({ length: Math.ceil(files.length / kind.perGroup) }, () => ({ weight: 0, files: [] }));
    for (const file of files) {
      const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
      lightest.weight += file.weight;
      lightest.files.push(file.path);
    }
    groups.forEach((group, n) => {
      const name = `${kind.name}-${n + 1}.spec.ts`;
      const members = group.files.sort();
      manifest.grouped.push(...members);
      manifest.groups[name] = { seconds: Math.round(group.weight), files: members };
      const imports = members.map((path) => `import '${relative(dir, join(root, path)).replace(/\.ts$/, '.js')}';`);
      writeFileSync(join(dir, name), `// Written by scripts/api-groups.mjs for \`npm test\`.\n${imports.join('\n')}\n`);
    });
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

/** The groups `npm test` wrote (KAURI_API_GROUPS names their folder), or null when each file runs as itself. */
export function readApiGroups() {
  const dir = process.env.KAURI_API_GROUPS;
  if (!dir) return null;
  return { dir, ...JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) };
}
