import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Screens driven by user-event (typing whole forms) take a few seconds on CI's two busy
    // cores; 5 s (the default) is close enough to fail on load, not on a bug.
    testTimeout: 15_000,
  },
});
