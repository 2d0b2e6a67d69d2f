/**
 * The opening-book build as a job of the lab's runner (lab/jobs.ts): the positions of the book's
 * deepest level (`bookPositions(root, depth)`, one per mirror pair, in the builder's fixed order)
 * are items 0 … N−1, item i's result is the exact score of position i. A shard is a range of them;
 * the journals of all shards give every score of the level, and the shallower levels follow from it
 * (builder.ts), so any split gives the same book.
 *
 * A record's result lists each position's moves with its score, so a journal is readable by itself
 * and a numbering that ever changed would be caught (a record's moves must be the positions its
 * numbers name), never silently read as other positions' scores.
 */
import { bookPositions, type BookPosition } from '../../games/connect-four/book/builder.js';
import { JobJournalError, type JobIdentity, type JobRecord } from '../../lab/jobs.js';

export const BOOK_JOB = 'connect-four book level';

/** What the level's positions depend on. */
export interface BookJobParams {
  /** The root's moves (1-based column digits; '' is the empty board). */
  readonly root: string;
  /** Stones of the deepest level. */
  readonly depth: number;
}

/** A batch's result: [moves, score] of each of its positions. */
export type BookJobResult = [moves: string, score: number][];

let cached: { key: string; levels: BookPosition[][] } | undefined;

/** Every level of the book from the root down to the depth (`bookPositions`; kept for the last params asked). */
export function bookLevelsOf(params: BookJobParams): BookPosition[][] {
  const key = `${params.root} ${String(params.depth)}`;
  if (cached?.key !== key) cached = { key, levels: bookPositions(params.root, params.depth) };
  return cached.levels;
}

/** The numbered positions of the job: the deepest level. */
export const bookLevelOf = (params: BookJobParams): BookPosition[] => bookLevelsOf(params).at(-1)!;

export function bookJobIdentity(params: BookJobParams): JobIdentity {
  return { job: BOOK_JOB, params: { root: params.root, depth: params.depth }, count: bookLevelOf(params).length };
}

/** The parameters of a book job's identity; a JobJournalError for any other job. */
export function bookJobParams(identity: JobIdentity): BookJobParams {
  const { root, depth } = (identity.params ?? {}) as Partial<BookJobParams>;
  if (identity.job !== BOOK_JOB || typeof root !== 'string' || !/^[1-7]*$/.test(root) || typeof depth !== 'number' || !Number.isSafeInteger(depth)) {
    throw new JobJournalError(`Not a journal of an opening-book build: its records are of the job '${identity.job}' ${JSON.stringify(identity.params)}`);
  }
  return { root, depth };
}

/**
 * Adds the scores `records` hold to `known` (canonical key → score). A result that does not list
 * the positions its numbers name, or a score that contradicts one already known, is a
 * JobJournalError naming the journal.
 */
export function addJournalScores(known: Map<number, number>, records: readonly JobRecord[], level: readonly BookPosition[], path: string): void {
  for (const record of records) {
    const result = record.result as unknown;
    if (!Array.isArray(result) || result.length !== record.end - record.start) throw new JobJournalError(`${path}: the record of positions ${String(record.start)}..${String(record.end - 1)} does not list one score per position`);
    result.forEach((entry: unknown, k) => {
      const position = level[record.start + k]!;
      const [moves, score] = Array.isArray(entry) ? (entry as unknown[]) : [];
      if (moves !== position.moves || typeof score !== 'number' || !Number.isSafeInteger(score)) {
        throw new JobJournalError(`${path}: position ${String(record.start + k)} is ${position.moves}, the journal gives ${JSON.stringify(entry)}`);
      }
      const previous = known.get(position.key);
      if (previous !== undefined && previous !== score) throw new JobJournalError(`${path}: ${position.moves} scored ${String(score)}, earlier ${String(previous)}`);
      known.set(position.key, score);
    });
  }
}
