// Copies the Connect Four opening books next to the compiled module that reads them
// (dist/games/connect-four/book/), so that the built CLI, and the npm package, which ships dist/
// and not src/, find them where the sources do: beside the book code.
import { cpSync, mkdirSync, readdirSync } from 'node:fs';

const from = new URL('../src/games/connect-four/book/', import.meta.url);
const to = new URL('../dist/games/connect-four/book/', import.meta.url);
mkdirSync(to, { recursive: true });
for (const name of readdirSync(from).filter((file) => file.endsWith('.c4book'))) cpSync(new URL(name, from), new URL(name, to));
