import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedLines, describeOverlong, isOverlong, type OverlongLine } from './lines.js';

async function collect(chunks: readonly (string | Buffer)[], maxLength: number): Promise<(string | OverlongLine)[]> {
  const lines: (string | OverlongLine)[] = [];
  for await (const line of boundedLines(Readable.from(chunks), maxLength)) lines.push(line);
  return lines;
}

describe('boundedLines', () => {
  it('splits at \\n, drops a \\r before it, and keeps a last line without \\n', async () => {
    expect(await collect(['ab\nc', 'd\r\n\n', 'e'], 10)).toEqual(['ab', 'cd', '', 'e']);
  });

  it('reports a line past the bound once, as soon as it passes it, and reads on after its end', async () => {
    const lines = await collect(['12345', '6789', '0'.repeat(100), '\nok\n'], 8);
    expect(lines).toHaveLength(2);
    expect(isOverlong(lines[0]!)).toBe(true);
    expect(lines[0]).toEqual({ overlong: true, start: '123456789', limit: 8 });
    expect(describeOverlong(lines[0] as OverlongLine)).toBe('a line longer than 8 characters ("123456789…")');
    expect(lines[1]).toBe('ok');
  });

  it('reports an endless line without waiting for its end', async () => {
    const endless = Readable.from(
      (function* () {
        for (;;) yield Buffer.alloc(65_536);
      })(),
    );
    const iterator = boundedLines(endless, 4096);
    const first = await iterator.next();
    expect(first.done).toBe(false);
    expect(isOverlong(first.value as OverlongLine)).toBe(true);
    await iterator.return(undefined);
  });

  it('accepts a line of exactly the bound, with or without \\r', async () => {
    expect(await collect(['abcd\r\n', 'efgh\n', 'ijkl'], 4)).toEqual(['abcd', 'efgh', 'ijkl']);
    expect((await collect(['abcde\n'], 4)).map(isOverlong)).toEqual([true]);
    expect((await collect(['abcd\rx\n'], 4)).map(isOverlong)).toEqual([true]);
  });

  it('decodes UTF-8 split across chunks', async () => {
    const bytes = Buffer.from('é€\n');
    expect(await collect([bytes.subarray(0, 1), bytes.subarray(1, 3), bytes.subarray(3)], 10)).toEqual(['é€']);
  });

  it('matches a plain split for lines within the bound, however the input is chunked', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 12, unit: fc.constantFrom('a', 'b', '\n', '\r') }), { maxLength: 8 }), async (chunks) => {
        const text = chunks.join('');
        // The empty piece after a final '\n' (or of empty input) is no line.
        const pieces = text.split('\n');
        if (pieces[pieces.length - 1] === '') pieces.pop();
        const expected = pieces.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
        expect(await collect(chunks.filter((c) => c !== ''), 1000)).toEqual(expected);
      }),
    );
  });
});
