import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { OpeningBook } from '../../../src/games/connect-four/book/book.js';
import { SHIPPED_DEEP_LEVELS } from '../../../src/games/connect-four/book/shipped.js';
import { DEEP_URLS } from './book-urls.js';
import { deepLevelWaitedFor } from './deep-book.js';

describe('the deep levels of the opening book', () => {
  it('are each a file holding the one complete level the page expects of it', () => {
    expect(Object.keys(DEEP_URLS).map(Number)).toEqual([...SHIPPED_DEEP_LEVELS]);
    for (const level of SHIPPED_DEEP_LEVELS) {
      const info = OpeningBook.decode(readFileSync(DEEP_URLS[level])).info();
      expect({ first: info.firstLevel, last: info.depth, complete: info.completeDepth }).toEqual({ first: level, last: level, complete: level });
    }
  });

  it('are waited for by the positions whose children they hold, and by no other', () => {
    const waiting = Array.from({ length: 43 }, (_, stones) => [stones, deepLevelWaitedFor(stones)] as const).filter(([, level]) => level !== undefined);
    expect(waiting).toEqual([
      [8, 9],
      [9, 10],
    ]);
  });
});
