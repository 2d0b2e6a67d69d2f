import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineReader } from './terminal.js';

describe('LineReader', () => {
  it('answers line by line, then null at the end of input', async () => {
    const output = new PassThrough();
    const reader = new LineReader(Readable.from(['4\r\n', '5']), output);
    expect(await reader.ask('? ')).toBe('4');
    expect(await reader.ask('? ')).toBe('5');
    expect(await reader.ask('? ')).toBeNull();
    expect(String(output.read())).toBe('? ? ? ');
    reader.close();
  });

  it('skips a line longer than its bound, says so, and asks again', async () => {
    const output = new PassThrough();
    const reader = new LineReader(Readable.from(['x'.repeat(10_000), 'y'.repeat(10_000), '\n3\n']), output);
    expect(await reader.ask('column? ')).toBe('3');
    const said = String(output.read());
    expect(said).toBe(`column? \nIgnored a line longer than 4096 characters ("${'x'.repeat(24)}…").\ncolumn? `);
    reader.close();
  });
});
