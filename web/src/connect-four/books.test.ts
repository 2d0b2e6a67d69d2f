import { describe, expect, it } from 'vitest';
import { OpeningBook } from '../../../src/games/connect-four/book/book.js';
import { withBookFiles } from './books.js';

/** A small book of exact scores: keys 1..n at `stones` stones (keys need not be real positions here). */
const levelBook = (keys: readonly number[], stones: number, score = 1): OpeningBook =>
  OpeningBook.fromEntries(
    keys.map((key) => ({ key, score, moves: stones })),
    stones,
  );

describe('withBookFiles', () => {
  it('replaces the values with a strategy file and merges opening files into what has arrived, in any order', () => {
    const values = OpeningBook.fromEntries([{ key: 5, score: 1, moves: 3 }], -1, true);
    const newer = OpeningBook.fromEntries([{ key: 6, score: -1, moves: 3 }], -1, true);
    const first = levelBook([1, 2, 3], 4);
    const deep = levelBook([10, 20, 30, 40], 4).partition(2);
    let books = withBookFiles({}, 'values', [values]);
    expect(books).toEqual({ values });
    books = withBookFiles(books, 'opening', [first]);
    books = withBookFiles(books, 'values', [newer]);
    expect(books.values).toBe(newer);
    books = withBookFiles(books, 'opening', [deep[1]!]);
    books = withBookFiles(books, 'opening', [deep[0]!]);
    expect([...books.book!.entries()].map((e) => e.key)).toEqual([1, 2, 3, 10, 20, 30, 40]);
    expect(withBookFiles(books, 'opening', [])).toBe(books);
  });

  it('refuses an opening file that scores a position apart from the book, leaving the books as they were', () => {
    const books = withBookFiles({}, 'opening', [levelBook([1, 2], 4)]);
    expect(() => withBookFiles(books, 'opening', [levelBook([2], 4, -3)])).toThrow(/Two scores/);
    expect(books.book!.size).toBe(2);
  });
});
