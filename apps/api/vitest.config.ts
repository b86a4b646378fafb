import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each test file builds its own app on its own database; PGlite boots in ~1 s.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
