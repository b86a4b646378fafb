import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue';

/** A piece of work that ends when the test says so. */
function deferred() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

describe('the work queue', () => {
  it('runs one piece at a time, in the order they came, and goes on after a failure', async () => {
    const queue = createWorkQueue(1);
    const started: string[] = [];
    const pieces = { a: deferred(), b: deferred(), c: deferred() };
    const runs = (['a', 'b', 'c'] as const).map((name) =>
      queue.run(async () => {
        started.push(name);
        await pieces[name].done;
        return name;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual(['a']);
    expect(queue.waiting).toBe(2);

    pieces.a.fail(new Error('broken'));
    await expect(runs[0]).rejects.toThrow('broken');
    expect(started).toEqual(['a', 'b']);
    pieces.c.finish();
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    pieces.b.finish();
    expect(await runs[1]).toBe('b');
    expect(await runs[2]).toBe('c');
    expect(started).toEqual(['a', 'b', 'c']);
    expect(queue.waiting).toBe(0);
  });

  it('runs up to its limit at once', async () => {
    const queue = createWorkQueue(2);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        queue.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setImmediate(resolve));
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
  });
});
