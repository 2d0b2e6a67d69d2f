/**
 * Drives a `play` function in-process: `input` on a fresh stdin, the output collected from a fresh
 * stdout, which claims to be a terminal when `tty` is set (how colour-by-itself is tested).
 */
import { PassThrough } from 'node:stream';
import { expect, vi } from 'vitest';
import { stripStyle } from '../cli/style.js';

export async function playThrough(
  play: (stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream) => Promise<unknown>,
  input: string,
  tty = false,
): Promise<string> {
  const stdin = new PassThrough();
  const stdout = tty ? Object.assign(new PassThrough(), { isTTY: true }) : new PassThrough();
  let text = '';
  stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  stdin.end(input);
  await play(stdin, stdout);
  return text;
}

/**
 * The colour rule every `play` keeps on a terminal: coloured by itself (NO_COLOR empty, a TERM that
 * is not `dumb`), and the same text without its styles under `color: false` or NO_COLOR=1.
 * `onTerminal` plays one fixed game on a terminal, with the colour option when given. Returns the
 * coloured text for the caller's own checks of what is coloured; the environment is restored.
 */
export async function expectColourByItself(onTerminal: (color?: boolean) => Promise<string>): Promise<string> {
  try {
    vi.stubEnv('NO_COLOR', '');
    vi.stubEnv('TERM', 'xterm');
    const colored = await onTerminal();
    const plain = stripStyle(colored);
    expect(await onTerminal(false)).toBe(plain);
    vi.stubEnv('NO_COLOR', '1');
    expect(await onTerminal()).toBe(plain);
    return colored;
  } finally {
    vi.unstubAllEnvs();
  }
}
