import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // *.pg.test.ts need PostgreSQL of their own (server binaries): they run in `npm run test:api:pg`
    // only, the run on PostgreSQL, rather than in every `npm test`.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts']),
    ],
    // Each test file builds its own app on its own database; PGlite boots in ~1 s.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
