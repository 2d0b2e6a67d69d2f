import { describe, expect, it } from 'vitest';
import { formatDuration, plural, signed } from './format.js';

describe('plural', () => {
  it('uses the singular for exactly one, and groups thousands', () => {
    expect(plural(1, 'game')).toBe('1 game');
    expect(plural(0, 'game')).toBe('0 games');
    expect(plural(2, 'pile')).toBe('2 piles');
    expect(plural(10_000, 'game')).toBe('10,000 games');
    expect(plural(1, 'match', 'matches')).toBe('1 match');
    expect(plural(3, 'match', 'matches')).toBe('3 matches');
  });
});

describe('signed', () => {
  it('signs non-zero figures and prints zero, however it was reached, without a sign', () => {
    expect(signed(12.4)).toBe('+12');
    expect(signed(-3.6)).toBe('-4');
    expect([signed(0), signed(-0), signed(0.3), signed(-0.3), signed(1e-13)]).toEqual(['0', '0', '0', '0', '0']);
    expect(signed(0.012, 4)).toBe('+0.0120');
    expect(signed(-0.00001, 4)).toBe('0.0000');
  });
});

describe('formatDuration', () => {
  it('never rounds a real wait to 0 ms', () => {
    expect(formatDuration(18_000)).toBe('18 s');
    expect(formatDuration(1_250)).toBe('1.25 s');
    expect(formatDuration(450)).toBe('450 ms');
    expect(formatDuration(12.6)).toBe('13 ms');
    expect(formatDuration(1.04)).toBe('1 ms');
    expect(formatDuration(0.4)).toBe('0.4 ms');
    expect(formatDuration(0.1)).toBe('0.1 ms');
  });
});
