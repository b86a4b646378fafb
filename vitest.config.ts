import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      {
        // The repository's own scripts (the CI summary).
        test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'], environment: 'node' },
      },
    ],
  },
});
