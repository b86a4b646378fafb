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
    output: from('apps/web/dist/index.html'),
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
    output: from('apps/api/dist/server.js'),
    sources: [from('apps/api/src'), from('apps/api/build.mjs'), from('packages/shared/src')],
  },
];

for (const { workspace, output, sources } of builds) {
  const stale = !existsSync(output) || statSync(output).mtimeMs < newestMtime(sources);
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
