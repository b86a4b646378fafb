// `npm start`: builds the storefront and the API when their build is missing or older than the
// sources, then serves both on one port (PORT, default 3000) with the embedded database in ./data.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const from = (...parts) => path.join(root, ...parts);

/** Newest modification time under the given files and folders (node_modules and dist skipped). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stats = statSync(entry);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) {
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
      }
    } else newest = Math.max(newest, stats.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

const builds = [
  {
    workspace: '@shop/web',
    // The browser's bundle and the server renderer are built together.
    outputs: [from('apps/web/dist/index.html'), from('apps/web/dist-server/entry-server.js')],
    sources: [
      from('apps/web/src'),
      from('apps/web/public'),
      from('apps/web/index.html'),
      from('apps/web/vite.config.ts'),
      from('packages/shared/src'),
    ],
  },
  {
    workspace: '@shop/api',
    outputs: [from('apps/api/dist/server.js')],
    sources: [from('apps/api/src'), from('apps/api/build.mjs'), from('packages/shared/src')],
  },
];

for (const { workspace, outputs, sources } of builds) {
  const newestSource = newestMtime(sources);
  const stale = outputs.some(
    (output) => !existsSync(output) || statSync(output).mtimeMs < newestSource,
  );
  if (!stale) continue;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.chdir(root);
await import(from('apps/api/dist/server.js'));
