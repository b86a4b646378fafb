// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { apiBoundaryZones } from './apps/api/architecture.mjs';

const WEB = 'apps/web/src';
/**
 * The storefront's features, from the top down (docs/decisions/029): a feature may import the
 * public entry (index.ts) of a feature below it, never one above it, never another's other files.
 * A new feature takes its place in this list.
 */
export const WEB_FEATURES = [
  'layout',
  'home',
  'admin',
  'account',
  'cart',
  'search',
  'collections',
  'catalog',
  'reviews',
  'orders',
  'checkout',
  'shop',
  'legal',
];
/** The app layer: what composes features (router, store, providers, the entries). */
const WEB_APP = [`${WEB}/app`, `${WEB}/entry-server.tsx`, `${WEB}/main.tsx`, `${WEB}/start.tsx`];
const feature = (name) => `${WEB}/features/${name}`;

/** import-x/no-restricted-paths zones: each feature's, then the shared layers'. */
export const webZones = [
  ...WEB_FEATURES.flatMap((name, rank) => {
    const above = WEB_FEATURES.slice(0, rank);
    const below = WEB_FEATURES.slice(rank + 1);
    return [
      ...(above.length
        ? [
            {
              target: feature(name),
              from: above.map(feature),
              message: `features/${name} sits below ${above.join(', ')}: it imports none of them (docs/decisions/029).`,
            },
          ]
        : []),
      ...below.map((other) => ({
        target: feature(name),
        from: feature(other),
        except: ['./index.ts'],
        message: `Import features/${other} through its public entry (features/${other}/index.ts), not its files.`,
      })),
    ];
  }),
  {
    target: `${WEB}/features`,
    from: WEB_APP,
    message: 'Features never import the app layer: the app composes them (docs/decisions/029).',
  },
  {
    target: [`${WEB}/lib`, `${WEB}/components`, `${WEB}/stores`],
    from: [`${WEB}/features`, ...WEB_APP],
    message:
      'lib/, components/ and stores/ are shared by features: they import no feature and no app file.',
  },
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: `${WEB}/stores`,
    message: 'lib/ and components/ sit below stores/: pass the state in, or read it in a feature.',
  },
];

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
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // TypeScript files are read (for no-cycle) and resolved as the web tsconfig says.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Features keep to themselves (docs/decisions/029). Tests may assemble pages of several
    // features, as the app does.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
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
