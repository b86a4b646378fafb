import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      {
        // The storefront's build plugins run in Node, not in the browser-like web project.
        test: {
          name: 'web-build',
          root: 'apps/web',
          include: ['vite-plugins/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The repository's own scripts (the CI summary).
        test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'], environment: 'node' },
      },
    ],
  },
});
