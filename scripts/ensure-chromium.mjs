// The browser tests drive Debian's Chromium (/usr/bin/chromium); this installs it when it is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const aptGet = isRoot ? 'apt-get' : 'sudo apt-get';
  console.log(`Chromium is missing at ${CHROMIUM_PATH}; installing Debian's chromium package…`);
  execSync(`${aptGet} update && ${aptGet} install -y chromium`, { stdio: 'inherit' });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is still missing at ${CHROMIUM_PATH}`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
