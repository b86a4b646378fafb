import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { appShell } from './vite-plugins/app-shell';
import { manifestOutsideDist } from './vite-plugins/manifest-outside-dist';
import { precompress } from './vite-plugins/precompress';
import { scriptsAfterContent } from './vite-plugins/scripts-after-content';
import { sonnerWithoutInlineStyles } from './vite-plugins/sonner-without-inline-styles';

// `vite build` builds the browser's bundle into dist/; `vite build --ssr` the server renderer
// (src/entry-server.tsx) into dist-server/, outside what the API serves as files.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    appShell(),
    sonnerWithoutInlineStyles(),
    react(),
    ...(isSsrBuild
      ? []
      : [tailwindcss(), scriptsAfterContent(), manifestOutsideDist(), precompress()]),
  ],
  resolve: {
    alias: [
      {
        // Radix Dialog's scroll lock would add a <style> tag; this adds a constructed sheet.
        find: /^react-style-singleton$/,
        replacement: fileURLToPath(new URL('./src/lib/csp-style-singleton.ts', import.meta.url)),
      },
    ],
  },
  // Pre-bundling would skip the transform above in development.
  optimizeDeps: { exclude: ['sonner'] },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // No preload helper (about 1 kB in the first script): the browser fetches a chunk's imports
        // as soon as it reads the chunk, and the page it is hydrating is already on screen.
        modulePreload: false,
        // Moved to BUILD_MANIFEST once written (see manifestOutsideDist).
        manifest: true,
        rolldownOptions: {
          // A feature's public entry (features/*/index.ts) only re-exports: what a page does not
          // use of it stays out of that page's chunks (docs/decisions/029). The shared modules
          // build their schemas at load time: marked pure, the schemas a chunk does not use are
          // dropped with the zod code behind them (docs/decisions/027).
          treeshake: {
            moduleSideEffects: [
              { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
            ],
            manualPureFunctions: ['z'],
          },
          output: {
            // Libraries in a few long-cached chunks named for what they hold; pages stay split.
            codeSplitting: {
              groups: [
                {
                  name: 'vendor-react',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                },
                {
                  name: 'vendor-state',
                  test: /node_modules[\\/](@reduxjs|redux|redux-thunk|react-redux|immer|reselect|use-sync-external-store)[\\/]/,
                },
                {
                  // Small pieces the app and nearly every page share (a chunk of its own each costs
                  // more in requests and lost compression than their few hundred bytes).
                  name: 'shop-common',
                  test: /(apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](button-styles|button-link|alert|page-container|icon)|lib[\\/](use-document-title|http-status|product-image|api-error|storage|use-hydrated)|stores[\\/]hooks|features[\\/](catalog[\\/]format-price|shop[\\/]))|packages[\\/]shared[\\/]src[\\/](pricing|order-limits|roles|stock))/,
                },
              ],
            },
          },
        },
      },
}));
