import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { COLORED, PLAIN, colorSuits, stripStyle, wantsColor } from './style.js';

function stream(isTTY: boolean): NodeJS.WritableStream {
  return Object.assign(new PassThrough(), { isTTY });
}

describe('wantsColor', () => {
  it('colours a terminal unless NO_COLOR is set (to anything but empty) or TERM is dumb', () => {
    expect(wantsColor(undefined, stream(true), {})).toBe(true);
    expect(wantsColor(undefined, stream(true), { NO_COLOR: '1' })).toBe(false);
    expect(wantsColor(undefined, stream(true), { NO_COLOR: '' })).toBe(true);
    expect(wantsColor(undefined, stream(true), { TERM: 'dumb' })).toBe(false);
  });

  it('never colours a pipe or a file by itself', () => {
    expect(wantsColor(undefined, stream(false), {})).toBe(false);
  });

  it('lets --color and --no-color decide over everything else', () => {
    expect(wantsColor(true, stream(false), { NO_COLOR: '1' })).toBe(true);
    expect(wantsColor(false, stream(true), {})).toBe(false);
  });
});

describe('colorSuits', () => {
  it('colours red suits in both card notations and leaves the rest, so stripping gives the text back', () => {
    const text = 'Draw: 10♢, A♣, 5♡ | ♦5 ♠Q ♥⑩ Score: 10';
    const colored = colorSuits(text, COLORED);
    expect(colored).toBe('Draw: \u001b[31m10♢\u001b[39m, A♣, \u001b[31m5♡\u001b[39m | \u001b[31m♦5\u001b[39m ♠Q \u001b[31m♥⑩\u001b[39m Score: 10');
    expect(stripStyle(colored)).toBe(text);
    expect(colorSuits(text, PLAIN)).toBe(text);
  });
});
