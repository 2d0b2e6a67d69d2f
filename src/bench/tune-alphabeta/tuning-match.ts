/**
 * The tuning's matches (`npm run tune:alphabeta -- match`) as a job of the lab's runner (lab/jobs.ts,
 * lab/job-runner.ts): AlphaBeta player a against b from the 49 two-move openings with both colours.
 * Game k is item k: opening ⌊k / 2⌋, a red when k is even. Both players' clocks are stopped, so a
 * move depends on the position and the player's depth or node budget alone, and a game is the
 * same on any thread, after any other game: any split of the games — threads, shards, a run
 * stopped and resumed — plays the same 98 games.
 */
import { ALL_TWO_MOVE_OPENINGS, openingName } from '../../games/connect-four/openings.js';
import { Position } from '../../games/connect-four/position.js';
import { AlphaBetaPlayer, TUNED_WEIGHTS, UNTUNED_WEIGHTS, alphaBetaLevel, type AlphaBetaLevelName, type AlphaBetaOptions } from '../../games/connect-four/players/alphabeta.js';
import { JobJournalError, type JobIdentity } from '../../lab/jobs.js';
import { builtScript } from '../../lab/module-probe.js';

export const TUNING_MATCH_JOB = 'connect-four tuning match';

/** The players as typed (`parseMatchPlayer`). */
export interface TuningMatchParams {
  readonly a: string;
  readonly b: string;
}

/** One game of a match. */
export interface MatchGame {
  readonly opening: string;
  /** Player a had red. */
  readonly aIsRed: boolean;
  /** a's score: 1, 0.5 or 0. */
  readonly score: number;
  readonly moves: string;
}

/** The players these matches use answer at once (no promise). */
export interface SyncPlayer {
  init(color: boolean): void;
  move(): number;
  inform(column: number): void;
}

/** One game from `opening`; the score for `a` (1, 0.5 or 0) and the moves (1-based digits). */
export function playPlayers(a: SyncPlayer, b: SyncPlayer, aIsRed: boolean, opening: readonly number[]): { score: number; moves: string } {
  const [red, yellow] = aIsRed ? [a, b] : [b, a];
  red.init(true);
  yellow.init(false);
  const position = new Position();
  for (const column of opening) {
    position.play(column);
    red.inform(column);
    yellow.inform(column);
  }
  while (!position.isGameOver()) {
    const [mover, other] = position.turn ? [red, yellow] : [yellow, red];
    const column = mover.move();
    position.play(column);
    other.inform(column);
  }
  const winner = position.winner();
  return { score: winner === null ? 0.5 : winner === aIsRed ? 1 : 0, moves: position.toMoves() };
}

/**
 * A player description: a level name (`club`), `depth:D` or `nodes:N` (tuned weights), any of them
 * followed by `/untuned` for the weights before tuning. A RangeError says what is wrong.
 */
export function parseMatchPlayer(spec: string): AlphaBetaOptions {
  const [limit = '', weights] = spec.split('/');
  if (weights !== undefined && weights !== 'untuned') throw new RangeError(`'${spec}': only '/untuned' may follow a player`);
  const chosen = { weights: weights === undefined ? TUNED_WEIGHTS : UNTUNED_WEIGHTS };
  const [kind, amount] = limit.split(':');
  if (amount === undefined) {
    if (alphaBetaLevel(limit) === undefined) throw new RangeError(`'${spec}' is neither a level name nor depth:D or nodes:N`);
    return { ...chosen, level: limit as AlphaBetaLevelName };
  }
  const value = Number(amount);
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`'${spec}': ${String(amount)} is not a whole number >= 1`);
  if (kind === 'depth') return { ...chosen, level: 'master', maxDepth: value, maxNodes: Infinity };
  if (kind === 'nodes') return { ...chosen, level: 'master', maxNodes: value };
  throw new RangeError(`'${spec}': expected depth:D or nodes:N`);
}

/** The match of a against b: 98 games. */
export function tuningMatchJob(params: TuningMatchParams): JobIdentity {
  return { job: TUNING_MATCH_JOB, params: { a: params.a, b: params.b }, count: 2 * ALL_TWO_MOVE_OPENINGS.length };
}

/** The parameters of a match job; a JobJournalError for any other job. */
export function tuningMatchParams(identity: JobIdentity): TuningMatchParams {
  const { a, b } = (identity.params ?? {}) as Partial<Record<keyof TuningMatchParams, unknown>>;
  if (identity.job !== TUNING_MATCH_JOB || typeof a !== 'string' || typeof b !== 'string' || identity.count !== 2 * ALL_TWO_MOVE_OPENINGS.length) {
    throw new JobJournalError(`not a tuning match (it holds the job '${identity.job}' ${JSON.stringify(identity.params)})`);
  }
  return { a, b };
}

const players = new Map<string, AlphaBetaPlayer>();

/**
 * Side `side`'s player of `spec`, one per thread, its clock stopped. Kept from game to game (a
 * player's tables take longer to allocate than a shallow game to play): `init` clears its table
 * and position, so a game never sees an earlier one.
 */
function playerOf(side: 'a' | 'b', spec: string): AlphaBetaPlayer {
  const key = `${side} ${spec}`;
  let player = players.get(key);
  if (player === undefined) players.set(key, (player = new AlphaBetaPlayer({ ...parseMatchPlayer(spec), now: () => 0 })));
  return player;
}

/** Games start … end − 1 of the match. */
export function playMatchGames(params: TuningMatchParams, start: number, end: number): MatchGame[] {
  const [a, b] = [playerOf('a', params.a), playerOf('b', params.b)];
  const games: MatchGame[] = [];
  for (let k = start; k < end; k++) {
    const opening = ALL_TWO_MOVE_OPENINGS[k >> 1]!;
    const aIsRed = k % 2 === 0;
    const { score, moves } = playPlayers(a, b, aIsRed, opening);
    games.push({ opening: openingName(opening), aIsRed, score, moves });
  }
  return games;
}

function isMatchGame(x: unknown, index: number): x is MatchGame {
  if (typeof x !== 'object' || x === null) return false;
  const { opening, aIsRed, score, moves } = x as Record<string, unknown>;
  return opening === openingName(ALL_TWO_MOVE_OPENINGS[index >> 1]!) && aIsRed === (index % 2 === 0) && (score === 0 || score === 0.5 || score === 1) && typeof moves === 'string' && /^[1-7]*$/.test(moves);
}

/** The games of a match's records, in game order; a record that does not list its games is a JobJournalError naming `path`. */
export function matchGamesOf(records: readonly { readonly start: number; readonly end: number; readonly result: unknown }[], path: string): MatchGame[] {
  const games: { index: number; game: MatchGame }[] = [];
  for (const { start, end, result } of records) {
    const list = result as unknown[];
    if (!Array.isArray(list) || list.length !== end - start || !list.every((x, k) => isMatchGame(x, start + k))) {
      throw new JobJournalError(`${path}: the record of games ${String(start)}..${String(end - 1)} does not list one game per item`);
    }
    list.forEach((game, k) => games.push({ index: start + k, game: game as MatchGame }));
  }
  return games.sort((x, y) => x.index - y.index).map((g) => g.game);
}

/** dist/bench/tune-alphabeta/tuning-match-worker.js next to this module in the build; from the sources (tests), the built copy. */
export const tuningMatchWorkerFile = (): string => builtScript(new URL('./tuning-match-worker.js', import.meta.url));
