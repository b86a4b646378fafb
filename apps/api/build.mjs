// Bundles the API into dist/server.js. Dependencies stay in node_modules; the workspace's own
// TypeScript packages (@shop/*) are bundled in, since they export source.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-dependencies',
      setup(pluginBuild) {
        // JSON data (i18n-iso-countries' English names) is bundled too: an external import
        // would lose its `with { type: 'json' }`, which Node requires.
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@shop/') || args.path.endsWith('.json')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
