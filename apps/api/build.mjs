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
        // A package's JSON data (the country names) is bundled too: left external, its import
        // would need the `with { type: 'json' }` attribute, which esbuild does not keep here.
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@shop/') || args.path.endsWith('.json')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
