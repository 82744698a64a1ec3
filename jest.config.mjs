import { readApiGroups } from './scripts/api-groups.mjs';

// One Jest run for the whole repository: backend unit/contract/API tests, frontend unit tests and browser tests.
// ESM mode (NestJS 12 and PGlite are ESM-only): run with NODE_OPTIONS=--experimental-vm-modules.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

// Node's environment, with one Chromium per worker for the browser files and, with JEST_CPU=1, each test file's CPU
// time recorded (scripts/jest-environment.cjs).
const testEnvironment = '<rootDir>/scripts/jest-environment.cjs';

const common = {
  testEnvironment,
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // An ES module that @fastify/static require()s: Node 20 allows it, Jest's ESM mode does not (see the file).
    '^content-disposition$': '<rootDir>/backend/src/testing/content-disposition.cjs',
  },
};

// The frontend's pure logic (formatting, validation, the api client): TypeScript, and TSX with React's
// automatic runtime where a module holds JSX (only .tsx files, so `<T>` in a .ts file stays a type).
// Node's own fetch, Headers and Intl stand in for the browser's.
const swcFrontend = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      ...(tsx && { transform: { react: { runtime: 'automatic' } } }),
      target: 'es2022',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

// In `npm test`, most API spec and browser files run in groups (scripts/api-groups.mjs): a grouped file only through
// its group, which the 'groups' project runs.
const apiGroups = readApiGroups();
const asPattern = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ungrouped = apiGroups
  ? { testPathIgnorePatterns: ['/node_modules/', ...apiGroups.grouped.map((path) => `/${asPattern(path)}$`)] }
  : {};

export default {
  // A busy 2-core laptop opens PGlite (initdb) in seconds, not milliseconds: no tight hook or test timeouts
  // (a global option: Jest ignores it inside a project).
  testTimeout: 60_000,
  // A worker that has run many files holds a large heap (each file's modules, PGlite's memory), and every file after
  // pays for its garbage collection: the same test files cost 483 CPU-seconds in a run without a limit and 400 with
  // this one (wall 275 s → 229 s on 2 cores). Past it, Jest starts a fresh worker for the next file (about a second).
  workerIdleMemoryLimit: '700MB',
  // The longest files first, also on a fresh clone with no timings of Jest's own (see the file).
  testSequencer: '<rootDir>/scripts/jest-sequencer.cjs',
  projects: [
    {
      ...common,
      displayName: 'backend',
      roots: ['<rootDir>/backend/src'],
      testMatch: ['**/*.spec.ts'],
      ...ungrouped,
    },
    ...(apiGroups ? [{ ...common, displayName: 'groups', roots: [apiGroups.dir], testMatch: ['**/*.spec.ts'] }] : []),
    {
      displayName: 'frontend',
      testEnvironment,
      roots: ['<rootDir>/frontend/src'],
      testMatch: ['**/*.spec.ts'],
      extensionsToTreatAsEsm: ['.ts', '.tsx'],
      moduleNameMapper: { '^@kauri/messages$': '<rootDir>/backend/src/messages.ts' },
      transform: { '^.+\\.ts$': swcFrontend(false), '^.+\\.tsx$': swcFrontend(true) },
    },
    { ...common, displayName: 'browser', roots: ['<rootDir>/frontend/e2e'], testMatch: ['**/*.e2e.ts'], ...ungrouped },
  ],
};
