import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exitingOnInterrupt, PlaySession } from './terminal.js';

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
