/**
 * Drives a `play` function in-process: `input` on a fresh stdin, the output collected from a fresh
 * stdout, which claims to be a terminal when `tty` is set (how colour-by-itself is tested).
 */
import { PassThrough } from 'node:stream';

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
