// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { apiBoundaryZones } from './apps/api/architecture.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // Configuration is read once, validated, in env.ts (fail fast on a wrong value).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/env.ts', 'apps/api/src/test/**', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts.' },
      ],
    },
  },
  {
    // An API module calls another module's service, never its repository (types may be shared).
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/]+/(repository|[a-z-]+-repository)$',
              message: "Call the other module's service, not its repository.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // A flow calls module services, never their repositories (types may be shared).
    files: ['apps/api/src/flows/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./modules/[^/]+/(repository|[a-z-]+-repository)$',
              message: "Call the module's service, not its repository.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The API's layers (apps/api/architecture.mjs): modules import lower layers only and never
    // flows/, flows never import route files, only app.ts imports route files; no file cycle.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Parses the imported .ts files too (no-cycle follows them).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/api/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: apiBoundaryZones() },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The server's head tags (src/ssr) are the SSR entry's alone: they stay out of the browser's bundles.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/ssr/**', 'apps/web/src/entry-server.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)ssr/',
              message: 'src/ssr is server-only: import it from the SSR entry alone.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared package is pure: no I/O, no platform globals.
    files: ['packages/shared/src/**/*.ts'],
    languageOptions: { globals: {} },
  },
);
