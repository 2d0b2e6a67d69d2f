/**
 * The strategy-book build (games/connect-four/book/strategy.ts) as a job of the lab's runner
 * (lab/jobs.ts, lab/job-runner.ts). Item i is one strategy: root `roots[⌊i / P⌋]` for player
 * `players[i mod P]` (P players; the empty board when no root is given). Its result is every leaf
 * question the proof asked the solver and the answer — "is this position's value at least t?" —
 * in the order asked.
 *
 * ## Why a result depends on the item alone
 * The proof is sequential: which leaf it asks next depends on the answers so far. Each item is
 * proven by a builder of its own (knowing only the `--from` book), and a leaf's answer is recorded
 * as exactly what was asked (value ≥ t: [t, 1]; below: [−1, t − 1]), never the tighter bounds a
 * warm solver table may happen to return. So an item's course and result are a function of the
 * true values alone: the same on any thread, after any other item, with any table size. Any
 * split of the items — threads, shards on many machines, a run stopped and resumed — gives the
 * same records, and the book written from them (`strategyBookOf`) is the same bytes.
 *
 * The cost of that: roots proven apart share no proofs (transpositions between them are proven
 * in each), and a stop loses the items under way. Many small roots make a build finer grained.
 */
import { createHash } from 'node:crypto';
import { canonicalKey, OpeningBook, stonesOfKey } from '../../games/connect-four/book/book.js';
import { StrategyBuilder, type WeakValue } from '../../games/connect-four/book/strategy.js';
import { Position } from '../../games/connect-four/position.js';
import type { Solver } from '../../games/connect-four/solver/solver.js';
import { JobJournalError, type JobIdentity, type JobRecord } from '../../lab/jobs.js';

export const STRATEGY_JOB = 'connect-four strategy book';

export type StrategyPlayer = 'first' | 'second';

export interface StrategyJobParams {
  /** Positions with this many stones are leaves, valued by the solver. */
  readonly depth: number;
  /** The roots' moves (1-based column digits; '' is the empty board). */
  readonly roots: readonly string[];
  readonly players: readonly StrategyPlayer[];
  /** The SHA-256 of the `--from` book's contents (its values are known to every item's proof), or null. */
  readonly from: string | null;
}

/** A leaf question and its answer: [moves, lower, upper] — [t, 1] when the value is at least t, [−1, t − 1] when not. */
export type LeafAnswer = [moves: string, lower: number, upper: number];

/** One item's result. */
export interface StrategyItemResult {
  readonly root: string;
  readonly player: StrategyPlayer;
  /** The root's proven value for its side to move (null when not proven: only with leaves left open). */
  readonly value: WeakValue | null;
  readonly leaves: readonly LeafAnswer[];
}

/** The fingerprint of a `--from` book for the job's parameters. */
export const bookFingerprint = (book: OpeningBook): string => createHash('sha256').update(book.encode()).digest('hex');

export function strategyJobIdentity(params: StrategyJobParams): JobIdentity {
  return { job: STRATEGY_JOB, params: { depth: params.depth, roots: [...params.roots], players: [...params.players], from: params.from }, count: params.roots.length * params.players.length };
}

/** The parameters of a strategy-book job; a JobJournalError for any other job. */
export function strategyJobParams(identity: JobIdentity): StrategyJobParams {
  const { depth, roots, players, from } = (identity.params ?? {}) as Partial<Record<keyof StrategyJobParams, unknown>>;
  const ok =
    identity.job === STRATEGY_JOB &&
    typeof depth === 'number' &&
    Number.isSafeInteger(depth) &&
    Array.isArray(roots) &&
    roots.every((root) => typeof root === 'string' && /^[1-7]*$/.test(root)) &&
    Array.isArray(players) &&
    players.length > 0 &&
    players.every((player) => player === 'first' || player === 'second') &&
    (from === null || typeof from === 'string') &&
    identity.count === roots.length * players.length;
  if (!ok) throw new JobJournalError(`Not a journal of a strategy-book build: its records are of the job '${identity.job}' ${JSON.stringify(identity.params)}`);
  return { depth, roots: roots as string[], players: players as StrategyPlayer[], from: from as string | null };
}

/** Item `index`'s root and player. */
export function strategyItem(params: StrategyJobParams, index: number): { root: string; player: StrategyPlayer } {
  return { root: params.roots[Math.floor(index / params.players.length)]!, player: params.players[index % params.players.length]! };
}

/** The builder of one item: the `--from` book's values known, leaves valued by `leafValue`. */
function itemBuilder(depth: number, from: OpeningBook | undefined, leafValue: (position: Position, t: 0 | 1) => { lower: number; upper: number } | undefined): StrategyBuilder {
  const builder = new StrategyBuilder({ depth, leafValue });
  if (from !== undefined) builder.knowBook(from);
  return builder;
}

/** Walks item `index`'s strategy with `builder`; the root's proven value. */
function walkItem(builder: StrategyBuilder, params: StrategyJobParams, index: number): WeakValue | null {
  const { root, player } = strategyItem(params, index);
  const start = Position.fromMoves(root);
  // The strategy's player is the side to move at the root when it is the player asked for.
  builder.strategy(start, start.turn === (player === 'first'));
  return start.isGameOver() ? null : (builder.known(start) ?? null);
}

/** Proves item `index` with `solver` (its table is only a cache: see the file's comment). */
export function proveStrategyItem(params: StrategyJobParams, index: number, solver: Solver, from: OpeningBook | undefined): StrategyItemResult {
  const leaves: LeafAnswer[] = [];
  const builder = itemBuilder(params.depth, from, (position, t) => {
    const result = solver.search(position, { weak: true, atLeast: t });
    if (result.lower < t && result.upper >= t) throw new Error(`${position.toMoves()}: the solver left open whether the value is at least ${String(t)}`);
    const answer: LeafAnswer = result.lower >= t ? [position.toMoves(), t, 1] : [position.toMoves(), -1, t - 1];
    leaves.push(answer);
    return { lower: answer[1], upper: answer[2] };
  });
  const value = walkItem(builder, params, index);
  return { ...strategyItem(params, index), value, leaves };
}

const isAnswer = (x: unknown): x is LeafAnswer =>
  Array.isArray(x) && x.length === 3 && typeof x[0] === 'string' && /^[1-7]*$/.test(x[0]) && ((x[2] === 1 && (x[1] === 0 || x[1] === 1)) || (x[1] === -1 && (x[2] === -1 || x[2] === 0)));

/**
 * The items' results in `records`, by item index; a result that is not one per item, names
 * another root or player than its number, or holds a malformed answer is a JobJournalError naming `path`.
 */
export function strategyResultsOf(records: readonly JobRecord[], params: StrategyJobParams, path: string): Map<number, StrategyItemResult> {
  const results = new Map<number, StrategyItemResult>();
  for (const record of records) {
    const list = record.result as unknown[];
    if (!Array.isArray(list) || list.length !== record.end - record.start) throw new JobJournalError(`${path}: the record of items ${String(record.start)}..${String(record.end - 1)} does not list one strategy per item`);
    list.forEach((entry, k) => {
      const index = record.start + k;
      const expected = strategyItem(params, index);
      const r = (entry ?? {}) as Partial<Record<keyof StrategyItemResult, unknown>>;
      if (r.root !== expected.root || r.player !== expected.player || !(r.value === null || r.value === -1 || r.value === 0 || r.value === 1) || !Array.isArray(r.leaves) || !r.leaves.every(isAnswer)) {
        throw new JobJournalError(`${path}: item ${String(index)} is root '${expected.root}' for the ${expected.player} player; the journal gives ${JSON.stringify(entry).slice(0, 120)}`);
      }
      results.set(index, entry as StrategyItemResult);
    });
  }
  return results;
}

/**
 * The strategy book of the items' results: each item's proof replayed from its own answers (no
 * search), the exact values of all of them and of the `--from` book together. The same results
 * give the same bytes, whichever journals or shards they came from.
 */
export function strategyBookOf(params: StrategyJobParams, results: ReadonlyMap<number, StrategyItemResult>, from: OpeningBook | undefined): OpeningBook {
  const values = new Map<number, { key: number; moves: number; score: WeakValue }>();
  const add = (key: number, moves: number, score: WeakValue): void => {
    const held = values.get(key);
    if (held !== undefined && held.score !== score) throw new JobJournalError(`The journals contradict each other: the position of key ${String(key)} proven ${String(held.score)} and ${String(score)}`);
    values.set(key, { key, moves, score });
  };
  if (from !== undefined) for (const { key, score } of from.entries()) add(key, stonesOfKey(key), score as WeakValue);
  for (const index of [...results.keys()].sort((a, b) => a - b)) {
    const answers = new Map<string, { lower: number; upper: number }>();
    for (const [moves, lower, upper] of results.get(index)!.leaves) {
      // The question asked: t itself when the answer is yes ([t, 1]), one above the upper bound when no.
      const t = upper === 1 ? lower : upper + 1;
      answers.set(`${String(canonicalKey(Position.fromMoves(moves)))}:${String(t)}`, { lower, upper });
    }
    const builder = itemBuilder(params.depth, from, (position, t) => answers.get(`${String(canonicalKey(position))}:${String(t)}`));
    walkItem(builder, params, index);
    for (const { key, moves, score } of builder.exact()) add(key, moves, score);
  }
  return OpeningBook.fromEntries(values.values(), -1, true);
}
