import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { OpeningBook } from '../../../src/games/connect-four/book/book.js';
import { DEEP_URL } from './book-urls.js';
import { DEEP_BOOK_LEVELS, waitsForDeepBook } from './deep-book.js';

describe('the deep level of the opening book', () => {
  it('holds the levels the page expects of it, complete', () => {
    const info = OpeningBook.decode(readFileSync(DEEP_URL)).info();
    expect({ first: info.firstLevel, last: info.depth }).toEqual(DEEP_BOOK_LEVELS);
    expect(info.completeDepth).toBe(DEEP_BOOK_LEVELS.last);
  });

  it('is waited for by the positions whose children it holds, and by no other', () => {
    const waiting = Array.from({ length: 43 }, (_, stones) => stones).filter(waitsForDeepBook);
    expect(waiting).toEqual([8]);
  });
});
