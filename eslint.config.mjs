// Lint with type information and enforced Nx module boundaries (scope and type tags in each project.json).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

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
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:platform'] },
            {
              sourceTag: 'type:runner',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:platform', 'type:service'],
            },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'scope:client', notDependOnLibsWithTags: ['scope:server'] },
          ],
        },
      ],
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
