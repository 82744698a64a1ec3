// Compiles Kauri's own Solidity (backend/contracts/*.sol, today one compliance module) with solc 0.8.17 as
// WebAssembly — the version T-REX 4.1 is built with — and writes {abi, bytecode} to backend/contracts/artifacts/.
// The artifact is committed, so neither `npm start` nor the tests compile; `--check` (a test runs it) fails
// when the committed artifact no longer matches its source.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(root, 'backend/package.json'));
const solc = require('solc');
const sourceDir = join(root, 'backend/contracts');
const outDir = join(root, 'backend/contracts/artifacts');
const check = process.argv.includes('--check');

const sources = Object.fromEntries(
  readdirSync(sourceDir)
    .filter((f) => f.endsWith('.sol'))
    .map((f) => [f, { content: readFileSync(join(sourceDir, f), 'utf8') }]),
);
const input = {
  language: 'Solidity',
  sources,
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const findImports = (path) => {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `not found: ${path}` };
  }
};
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length) {
  for (const e of errors) console.error(e.formattedMessage);
  process.exit(1);
}
let stale = 0;
for (const file of Object.keys(sources)) {
  for (const [name, contract] of Object.entries(output.contracts[file])) {
    if (!contract.evm.bytecode.object) continue; // an interface
    const artifact = `${JSON.stringify(
      {
        contractName: name,
        license: 'GPL-3.0',
        compiler: solc.version(),
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
      },
      null,
      2,
    )}\n`;
    const target = join(outDir, `${name}.json`);
    if (check) {
      let committed = '';
      try {
        committed = readFileSync(target, 'utf8');
      } catch {}
      if (committed !== artifact) {
        console.error(`${target} does not match ${file}: run node scripts/compile-contracts.mjs`);
        stale += 1;
      }
    } else {
      writeFileSync(target, artifact);
      console.log(`${name}: ${contract.evm.bytecode.object.length / 2} bytes → ${target}`);
    }
  }
}
process.exit(stale ? 1 : 0);
