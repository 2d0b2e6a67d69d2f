// Copies the Connect Four opening books next to the compiled module that reads them
// (dist/games/connect-four/book/, with the deep levels' parts in its deep/ folder), so that the
// built CLI, and the npm package, which ships dist/ and not src/, find them where the sources do:
// beside the book code. A book file no longer in the sources is removed from dist/ too (a level
// that was whole before and is now in parts would otherwise be found twice).
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';

for (const folder of ['', 'deep/']) {
  const from = new URL(`../src/games/connect-four/book/${folder}`, import.meta.url);
  const to = new URL(`../dist/games/connect-four/book/${folder}`, import.meta.url);
  mkdirSync(to, { recursive: true });
  const books = readdirSync(from).filter((file) => file.endsWith('.c4book'));
  for (const name of readdirSync(to).filter((file) => file.endsWith('.c4book') && !books.includes(file))) rmSync(new URL(name, to));
  for (const name of books) cpSync(new URL(name, from), new URL(name, to));
}
