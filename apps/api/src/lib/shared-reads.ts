import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Reads shared by the work of one scope: a page's render reads the home list and two carousels
 * at once, and each would read the sales running now; within `withSharedReads` they read them
 * once, and all see the same answer (decision 066). Outside a scope every read reads.
 */
const scopes = new AsyncLocalStorage<WeakMap<object, Map<string, Promise<unknown>>>>();

/** Runs `work` in a scope of its own: what it reads with `readShared` is read once. */
export function withSharedReads<T>(work: () => Promise<T>): Promise<T> {
  return scopes.run(new WeakMap(), work);
}

/**
 * `read()`, or within a scope the answer of its first call there for this source (a database)
 * and name.
 */
export function readShared<T>(source: object, name: string, read: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (!scope) return read();
  let reads = scope.get(source);
  if (!reads) {
    reads = new Map();
    scope.set(source, reads);
  }
  let answer = reads.get(name) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    reads.set(name, answer);
  }
  return answer;
}
