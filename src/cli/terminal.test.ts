import { PassThrough, Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exitingOnInterrupt, LineReader, PlaySession } from './terminal.js';

describe('PlaySession', () => {
  it('echoes each line read from a pipe after its prompt, and the end of input as told', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const session = new PlaySession(input, output);
    input.end('4\n');
    expect(await session.ask('your move: ')).toBe('4');
    expect(await session.ask('again: ', '(end of input)')).toBeNull();
    session.close();
    expect(written).toBe('your move: 4\nagain: (end of input)\n');
  });

  it('writes nothing more and answers null once the output has failed (its reader went away)', async () => {
    let writes = 0;
    const output = new Writable({
      write(_chunk, _encoding, callback) {
        writes++;
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const session = new PlaySession(new PassThrough(), output);
    session.say('first');
    await new Promise((resolve) => setImmediate(resolve));
    expect(session.outputClosed).toBe(true);
    session.say('second');
    expect(writes).toBe(1);
    expect(await session.ask('> ')).toBeNull();
  });
});

describe('exitingOnInterrupt', () => {
  it('handles SIGINT while the command runs, and not after', async () => {
    const before = process.listenerCount('SIGINT');
    const during = await exitingOnInterrupt(() => Promise.resolve(process.listenerCount('SIGINT')));
    expect(during).toBe(before + 1);
    expect(process.listenerCount('SIGINT')).toBe(before);
    await expect(exitingOnInterrupt(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});

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
