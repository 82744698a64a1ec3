// One Jest run for the whole repository: backend unit/contract/API tests and browser tests.
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

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // A busy 2-core laptop opens PGlite (initdb) in seconds, not milliseconds: no tight hook or test timeouts.
  testTimeout: 60_000,
};

export default {
  projects: [
    { ...common, displayName: 'backend', roots: ['<rootDir>/backend/src'], testMatch: ['**/*.spec.ts'] },
    { ...common, displayName: 'browser', roots: ['<rootDir>/frontend/e2e'], testMatch: ['**/*.e2e.ts'] },
  ],
};
