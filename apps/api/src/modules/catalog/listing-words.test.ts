import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TextQuery } from '../search/text-query';
import { ProductWords } from './listing-words';
import { FACTS_LIST_SEPARATOR } from './listing-repository';

// The products' words in one array, written again and compacted, and the postings built from
// them, against a plain model: each slot's set of words (decision 068).

const VOCABULARY = Array.from({ length: 12 }, (_, n) => `word${n}`);
/** Words enough that a few slots overflow the array's first size and leave stale lists behind. */
const FILLER = Array.from({ length: 8_000 }, (_, n) => `filler${n}`);

const word = fc.constantFrom(...VOCABULARY);
const query: fc.Arbitrary<TextQuery> = fc.oneof(
  word.map((w) => ({ word: w })),
  fc.tuple(word, word).map(([a, b]) => ({ all: [{ word: a }, { word: b }] })),
  fc.tuple(word, word).map(([a, b]) => ({ any: [{ word: a }, { word: b }] })),
  fc.constant({ word: 'never-written' }),
);
const step = fc.record({
  slot: fc.integer({ min: 0, max: 40 }),
  words: fc.option(fc.uniqueArray(word, { maxLength: 8 }), { nil: null }),
  filled: fc.boolean(),
  asked: fc.option(query, { nil: undefined }),
});

function matchesModel(words: ReadonlySet<string> | undefined, q: TextQuery): boolean {
  if (!words) return false;
  if ('word' in q) return words.has(q.word);
  if ('all' in q) return q.all.length > 0 && q.all.every((part) => matchesModel(words, part));
  return q.any.some((part) => matchesModel(words, part));
}

describe('the products’ words', () => {
  it('match as each slot’s last words do, through writes, clears and compactions', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 20, maxLength: 60 }),
        fc.integer({ min: 0, max: 5 }),
        (steps, rebuildAfter) => {
          // The postings built again after so few changes that every path is taken.
          const words = new ProductWords(rebuildAfter);
          const model = new Map<number, Set<string>>();
          const expectMatches = (asked: TextQuery) => {
            const expected = [...model.keys()]
              .filter((n) => matchesModel(model.get(n), asked))
              .sort((a, b) => a - b);
            expect([...words.matching(asked)], JSON.stringify(asked)).toEqual(expected);
          };
          for (const { slot, words: written, filled, asked } of steps) {
            const all = written && [...written, ...(filled ? FILLER : [])];
            words.set(slot, all && all.join(FACTS_LIST_SEPARATOR));
            if (all?.length) model.set(slot, new Set(all));
            else model.delete(slot);
            if (asked) expectMatches(asked);
          }
          // Every word at the end, and a filler word that only some lists hold.
          for (const asked of [...VOCABULARY, FILLER[7_999]!]) expectMatches({ word: asked });
        },
      ),
      { numRuns: 60 },
    );
  });
});
