/**
 * The documentation holds together: every section the code cites ("docs/design.md §6", "docs/specification.md §5,
 * §8") is a heading of that document, no "§" in the code leaves its document unnamed, every docs/*.md the code and
 * the deployment files name exists, and every relative link in docs/ and the README leads to a file that exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODE_DIRS = ['backend/src', 'frontend/src', 'frontend/e2e'];
const CODE_FILE = /\.(ts|tsx|mjs|md)$/;
const FIX = 'old-style references are rewritten by `bash scripts/docs-section-refs.sh`';

function filesUnder(dir: string, keep: RegExp): string[] {
  const path = join(ROOT, dir);
  if (!existsSync(path)) return [];
  return readdirSync(path).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const full = join(path, name);
    if (statSync(full).isDirectory()) return filesUnder(join(dir, name), keep);
    return keep.test(name) ? [join(dir, name)] : [];
  });
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const docs = filesUnder('docs', /\.md$/);

/** The § numbers a document's headings carry ("## §6 Trust rules" → "6"). */
function sections(doc: string): Set<string> {
  return new Set([...read(doc).matchAll(/^#{1,6}\s+§(\d+(?:\.\d+)*)(?![\d.])/gm)].map((m) => m[1]!));
}

interface Reference {
  where: string;
  doc: string | null;
  section: string;
}

/** Every § in the code: a named document, or a bare § continuing the last one named before it on the line. */
function references(): Reference[] {
  const found: Reference[] = [];
  for (const file of CODE_DIRS.flatMap((dir) => filesUnder(dir, CODE_FILE))) {
    if (file === 'backend/src/docs.spec.ts') continue;
    read(file)
      .split('\n')
      .forEach((line, index) => {
        let doc: string | null = null;
        for (const m of line.matchAll(/(?:(docs\/[\w-]+\.md) )?§(\d+(?:\.\d+)*)/g)) {
          doc = m[1] ?? doc;
          found.push({ where: `${file}:${index + 1}`, doc, section: m[2]! });
        }
      });
  }
  return found;
}

describe('docs/', () => {
  it('has the documents the README and the code point at', () => {
    for (const name of [
      'product',
      'architecture',
      'operations',
      'security',
      'testing',
      'benchmarks',
      'decisions',
      'specification',
      'design',
    ])
      expect(docs).toContain(`docs/${name}.md`);
  });

  it('every "docs/<file>.md §N" in the code is a heading of that file, and every § names its document', () => {
    const refs = references();
    expect(refs.length).toBeGreaterThan(100);
    const headings = new Map(docs.map((doc) => [doc, sections(doc)]));
    const unnamed = refs.filter((r) => r.doc === null).map((r) => `${r.where} §${r.section}`);
    expect({ unnamed, fix: FIX }).toEqual({ unnamed: [], fix: FIX });
    const broken = refs
      .filter((r) => r.doc !== null && !headings.get(r.doc)?.has(r.section))
      .map((r) => `${r.where}: ${r.doc} §${r.section}`);
    expect(broken).toEqual([]);
  });

  it('every docs/*.md the code and the deployment files name exists', () => {
    const files = [
      ...CODE_DIRS.flatMap((dir) => filesUnder(dir, CODE_FILE)),
      'docker-compose.yml',
      'Dockerfile',
      ...filesUnder('deploy', /./),
    ].filter((file) => file !== 'backend/src/docs.spec.ts');
    const missing = files.flatMap((file) =>
      [...read(file).matchAll(/\bdocs\/([\w-]+\.md)/g)]
        .filter((m) => !docs.includes(`docs/${m[1]}`))
        .map((m) => `${file}: docs/${m[1]}`),
    );
    expect(missing).toEqual([]);
  });

  it('every relative link in docs/*.md and README.md leads to a file that exists', () => {
    const broken: string[] = [];
    for (const file of [...docs, 'README.md']) {
      const text = read(file).replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
        const path = resolve(ROOT, dirname(file), decodeURI(target.split('#')[0]!));
        if (!existsSync(path)) broken.push(`${file}: ${target} (${relative(ROOT, path)})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
