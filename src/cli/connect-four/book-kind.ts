/**
 * Book files an option takes only of one kind: the other kind is a usage error (exit 2); and the
 * files a book build writes (the book, or a shard's journal), checked before any search.
 */
import type { OpeningBook } from '../../games/connect-four/book/book.js';
import { checkBookTarget, kindOf, readBookFile } from '../../arena/connect-four/book-file.js';
import { refuseSameFiles, type NamedPath } from '../../lab/files.js';
import type { JobShard } from '../../lab/jobs.js';
import { UsageError } from '../options.js';

/**
 * Reads a book file that `option` takes only of one kind (`weak`: values); the other kind is a
 * UsageError naming both (`hint` is appended, e.g. the option that does take it).
 */
export function readBookOfKind(path: string, weak: boolean, option: string, hint = ''): OpeningBook {
  const book = readBookFile(path);
  if (book.weak !== weak) throw new UsageError(`${path}: ${kindOf(book.weak)}; ${option} takes ${kindOf(weak)}${hint}`);
  return book;
}

/**
 * The journal of `book build` or `book strategy` (`command`): `--journal`, or `<out>.journal`. A
 * build writes the book (--out) or, as a shard, only its journal; the book and the journal must
 * not be one of the books read (`inputs`). Anything else is a UsageError.
 */
export function buildTargets(command: string, options: { readonly out?: string | undefined; readonly journal?: string | undefined; readonly shard?: JobShard | undefined; readonly writeOnly?: boolean | undefined }, inputs: readonly NamedPath[]): string {
  const { out, shard } = options;
  if (shard === undefined && out === undefined) throw new UsageError(`${command} needs --out <book file> (or --shard i/n --journal <file>, which writes a shard's journal for \`book merge\`).`);
  if (shard !== undefined && (out !== undefined || options.journal === undefined || options.writeOnly === true)) {
    throw new UsageError("A shard (--shard i/n) writes only its journal: give --journal <file>, and no --out or --write-only; `book merge` writes the book from all the shards' journals.");
  }
  const journal = options.journal ?? `${out!}.journal`;
  if (out !== undefined) checkBookTarget(out, [{ option: 'the journal', path: journal }, ...inputs]);
  else refuseSameFiles([{ option: '--journal', path: journal }], inputs);
  return journal;
}
