import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Where the build manifest goes: out of dist, which the server serves as it is. */
const BUILD_MANIFEST = fileURLToPath(
  new URL('../node_modules/.vite/build-manifest.json', import.meta.url),
);

/**
 * Moves Vite's build manifest (which chunks each module needs; bench/web-budget.ts reads it)
 * out of dist, so the server does not publish the source file names listed in it.
 */
export function manifestOutsideDist(): Plugin {
  return {
    name: 'manifest-outside-dist',
    apply: 'build',
    writeBundle({ dir }) {
      if (!dir) return;
      mkdirSync(path.dirname(BUILD_MANIFEST), { recursive: true });
      renameSync(path.join(dir, '.vite/manifest.json'), BUILD_MANIFEST);
      rmSync(path.join(dir, '.vite'), { recursive: true, force: true });
    },
  };
}
