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
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
