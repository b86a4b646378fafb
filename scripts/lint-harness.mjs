// @ts-check
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/** The repository's root, where eslint.config.js is. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const eslint = new ESLint({ cwd: ROOT });

/**
 * The problems `rules` report for `code` linted as if it were the file at `filePath` (relative to
 * the root), with the repository's own configuration. Other rules' problems are left out.
 * @param {string} code
 * @param {string} filePath
 * @param {string[]} rules
 */
export async function problemsOf(code, filePath, rules) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && rules.includes(message.ruleId))
    .map((message) => ({ rule: message.ruleId, line: message.line, message: message.message }));
}

/**
 * Writes `files` (paths relative to the root) for the length of `work` and removes them after,
 * for rules that read other files (an import cycle needs both ends on disk).
 * @template T
 * @param {Record<string, string>} files
 * @param {() => Promise<T>} work
 */
export async function withFiles(files, work) {
  // Files and the folders made for them, removed after (newest first).
  const made = [];
  try {
    for (const [file, code] of Object.entries(files)) {
      const folder = mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
      if (folder) made.push(folder);
      writeFileSync(path.join(ROOT, file), code);
      made.push(path.join(ROOT, file));
    }
    return await work();
  } finally {
    for (const entry of made.reverse()) rmSync(entry, { recursive: true, force: true });
  }
}
