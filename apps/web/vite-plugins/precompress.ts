import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/** Every file under dir, recursively, as paths relative to dir. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, which the
 * API's static plugin sends to browsers that accept them (preCompressed): the shop compresses
 * once at build time, at the highest levels, instead of on every request.
 * Copies that would not be smaller than the file are skipped.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // After the other plugins have written (manifestOutsideDist moves the manifest out first).
    writeBundle: {
      sequential: true,
      order: 'post',
      handler({ dir }) {
        if (!dir) return;
        const files = filesUnder(dir).filter(
          (name) => COMPRESSIBLE.test(name) && !name.startsWith('.vite'),
        );
        for (const file of files) {
          const full = path.join(dir, file);
          const bytes = readFileSync(full);
          const copies: [string, Buffer][] = [
            [
              '.br',
              brotliCompressSync(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
            ],
            ['.gz', gzipSync(bytes, { level: 9 })],
          ];
          for (const [extension, compressed] of copies) {
            if (compressed.length < bytes.length) writeFileSync(full + extension, compressed);
          }
        }
      },
    },
  };
}
