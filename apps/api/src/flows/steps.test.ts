import { describe, expect, it } from 'vitest';
import { runOutsideStep } from './steps';

describe('runOutsideStep', () => {
  it("answers the step's result and compensates nothing when it succeeds", async () => {
    const compensated: unknown[] = [];
    const result = await runOutsideStep({
      run: async () => 'session',
      compensate: async (error) => {
        compensated.push(error);
      },
    });
    expect(result).toBe('session');
    expect(compensated).toEqual([]);
  });

  it('compensates once with the error, then throws that same error on', async () => {
    const failure = new Error('the provider did not answer');
    const compensated: unknown[] = [];
    await expect(
      runOutsideStep({
        run: async () => {
          throw failure;
        },
        compensate: async (error) => {
          compensated.push(error);
        },
      }),
    ).rejects.toBe(failure);
    expect(compensated).toEqual([failure]);
  });

  it("throws the compensation's own error when undoing fails too", async () => {
    const undoing = new Error('the database is gone');
    await expect(
      runOutsideStep({
        run: async () => {
          throw new Error('the provider did not answer');
        },
        compensate: async () => {
          throw undoing;
        },
      }),
    ).rejects.toBe(undoing);
  });
});
