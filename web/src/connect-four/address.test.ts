import { describe, expect, it } from 'vitest';
import { solutionAskedIn } from './address.js';
import { parseSearch, toSearch } from './model.js';

const asked = (search: string): string | undefined => solutionAskedIn(new URLSearchParams(search));

describe('the solution an address asks for before the page has loaded', () => {
  it("is the address's position when Show solution is on", () => {
    expect(asked('?red=human&yellow=human&solution=1&pos=4444422456')).toBe('4444422456');
    expect(asked('?solution=1')).toBe('');
    expect(asked('?pos=&solution=1')).toBe('');
  });

  it('is none when Show solution is off or the position is not column digits', () => {
    expect(asked('?pos=444')).toBeUndefined();
    expect(asked('?solution=0&pos=444')).toBeUndefined();
    expect(asked('?solution=yes&pos=444')).toBeUndefined();
    expect(asked('?solution=1&pos=408')).toBeUndefined();
    expect(asked('?solution=1&pos=4a')).toBeUndefined();
  });

  it("reads the page's own addresses as the page does", () => {
    const state = { moves: [3, 3, 2], red: 'human', yellow: 'perfect', timeLimitS: 18, solution: true } as const;
    const search = toSearch(state);
    expect(asked(search)).toBe('443');
    expect(parseSearch(search).state.moves).toEqual([3, 3, 2]);
    expect(asked(toSearch({ ...state, solution: false }))).toBeUndefined();
  });
});
