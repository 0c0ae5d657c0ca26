// Tests name their level in the file name (STYLE.md): *.unit.spec.ts, *.int.spec.ts, *.e2e.spec.ts.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const base = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    // a console module's stylesheet is Vite's to bundle; in a test it is nothing
    '\\.css$': '<rootDir>/jest.css-stub.cjs',
    // the platform's libraries (platform/src/<library>/index.ts), e.g. @cn/platform/event-store, @cn/platform/testing
    '^@cn/platform/([a-z-]+)$': '<rootDir>/platform/src/$1/index.ts',
    '^@cn/domain$': '<rootDir>/domain-core/src/index.ts',
    '^@cn/([a-z-]+)$': '<rootDir>/$1/src/index.ts',
  },
  rootDir: __dirname,
  // e2e-browser/ holds Playwright's scenarios (npm run test:browser), not jest's
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/e2e-browser/'],
};
module.exports = {
  // Separate workers, recycled when they grow: on two cores jest's default (cores − 1 = 1 worker) runs every file inside
  // the jest process itself, whose heap then only grows (3 GB after 83 of 296 files) until V8's limit ends the run
  // without a report (a CI run lost .ci-jest.json so). A worker above the limit after a file is replaced.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1GB',
  // also the global ceiling: a worker that runs the int project's files under another project's settings
  // (a path given without --selectProjects) keeps the int specs' 60 s, not jest's 5 s
  testTimeout: 60_000,
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/*/src/**/*.unit.spec.ts?(x)'], setupFilesAfterEnv: ['<rootDir>/jest.setup-dom.cjs'] },
    // an int spec starts whole services (every feature's module and projector) and may share two cores with the
    // other workers: a ceiling against a hang, not a speed check (the bench measures speed). 60 s: on a clean
    // clone's CI one spec's server start (a hook) passed 30 s while the other worker ran; alone it takes 2 s
    { ...base, displayName: 'int', testMatch: ['<rootDir>/*/src/**/*.int.spec.ts?(x)'], testTimeout: 60_000 },
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/*/src/**/*.e2e.spec.ts?(x)'] },
  ],
};
