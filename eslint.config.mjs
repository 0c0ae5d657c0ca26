// Lint with type information and enforced Nx module boundaries (scope and type tags in each project.json).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/**
 * Which library may import which (tags in each project.json). The platform is split by what it depends on
 * (docs/ARCHITECTURE.md): ports with their adapters (type:port) below the HTTP kit (type:http), both below
 * the runtime that composes and runs them (type:runtime); the test kit (type:testing) may use all of them,
 * and the package root (type:platform) re-exports all but the test kit. Spec files may also use the test
 * kit. Nx reads the imports of all files (nx.json analyzeSourceFiles), so a port's spec that runs a contract
 * suite of the test kit, which imports the port, closes a cycle: those cycles through platform-testing are
 * ignored, since only specs can close them (the tags keep other code from importing the test kit); every
 * other cycle between libraries is an error.
 */
const moduleBoundaries = ({ specs }) => {
  const testKit = specs ? ['type:testing'] : [];
  const platformLibraries = ['type:port', 'type:http', 'type:runtime'];
  return {
    enforceBuildableLibDependency: false,
    allow: [],
    ignoredCircularDependencies: [['platform-testing', 'platform-*']],
    depConstraints: [
      { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
      { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:contracts'] },
      { sourceTag: 'type:port', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:port', ...testKit] },
      { sourceTag: 'type:http', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:port', ...testKit] },
      { sourceTag: 'type:runtime', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:port', 'type:http', ...testKit] },
      { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', ...platformLibraries, 'type:testing'] },
      { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', ...platformLibraries] },
      {
        sourceTag: 'type:service',
        onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:platform', ...platformLibraries, ...testKit],
      },
      {
        sourceTag: 'type:runner',
        onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:platform', ...platformLibraries, 'type:service', ...testKit],
      },
      { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:contracts'] },
      { sourceTag: 'scope:client', notDependOnLibsWithTags: ['scope:server'] },
    ],
  };
};

export default [
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'bench/**',
      'scripts/**',
      'deploy/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      '**/vite.config.ts',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ specs: false })],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // The domain core and the behaviour built on it stay pure: deciders, their states, projections and the
    // domain library import only the contracts, the domain core, zod and their own folder's pure files.
    files: [
      'domain-core/src/**/*.ts',
      '{command-service,projection-service,search-indexer}/src/**/*.{decider,projection,projections}.ts',
      '{command-service,projection-service,search-indexer}/src/**/*-state.ts',
    ],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!(@cn/contracts|@cn/domain|zod|node:crypto)$|\\.\\.?/)',
              message: 'Deciders and projections are pure: import only @cn/contracts, @cn/domain, zod and pure files of the feature.',
            },
            {
              group: ['**/*.controller', '**/*.module', '**/*.commands', '**/*.command', '**/*.read', '**/lookup/*', '**/shared/*'],
              message: 'Deciders and projections do not reach into controllers, handlers, modules or I/O code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Specs may use the platform's test kit (@cn/platform/testing: contract suites, fakes, helpers).
    files: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ specs: true })] },
  },
  {
    // Tests may use jest's loose matchers on parsed JSON bodies.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
];
