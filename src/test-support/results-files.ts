/**
 * Scaffolding for the tests that a results file refuses a changed player module on --resume and in
 * merge: a file cut back so that a resume has games to play, and a module given a new version.
 */
import { appendFileSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Cuts the results file to its first record (its first batch of games), so that a resume has games
 * to play, and copies it as it then is to `copy`, for checking that a refused resume left it unchanged.
 */
export function cutToFirstRecord(file: string, copy: string): void {
  writeFileSync(file, `${readFileSync(file, 'utf8').split('\n')[0]!}\n`);
  copyFileSync(file, copy);
}

/** Changes a player module's text (so its sha256) without changing how it plays. */
export function newVersionOf(module: string): void {
  appendFileSync(module, '\n// a new version\n');
}
