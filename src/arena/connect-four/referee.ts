/**
 * The Connect Four referee: plays one game between two players and says who won and why.
 *
 * It owns the true board (a `RefereeBoard` over the engine's Position), calls `init`, asks the side
 * to move, checks the answer, applies it, informs the other side, and detects a win or a tie. A
 * player that answers an illegal column, throws, breaks its protocol, dies, or exceeds its time limit
 * loses at once. The referee never waits for a late player: on a timeout it closes it (a worker is
 * terminated, a process killed) and ends the game.
 *
 * The limit can only hold against players that do not run on this thread — wrap built-in players
 * in `WorkerPlayer` and programs in `ExternalBot`. A player given directly (e.g. a person at the
 * terminal) is timed too, but only while it yields.
 *
 * The referee owns the players of a game: every player with `close()` is closed when the game ends,
 * however it ends.
 */
import { isClosable, type ClosablePlayer, type Player, colorName } from '../../games/connect-four/player.js';
import { Resignation } from '../../games/connect-four/player.js';
import { RefereeBoard } from '../../games/connect-four/referee/board.js';
import { formatDuration, printable, thrownText } from '../../core/format.js';
import { PlayerFailure, type EndReason, type ForfeitReason, type GameResult } from '../../games/connect-four/referee/result.js';

/** The spec's rule 13: a move may not take more than 18 seconds. */
export const DEFAULT_TIME_LIMIT_MS = 18_000;
/** The least time `init` and `inform` get (starting a worker or a program can take a while). */
export const MIN_SETUP_LIMIT_MS = 10_000;

export interface RefereeOptions {
  /** Longest a `move` may take, in milliseconds (default 18 000). `Infinity`: no limit. */
  readonly timeLimitMs?: number;
  /** Per-colour overrides of `timeLimitMs`, e.g. `{ red: Infinity }` for a person playing red. */
  readonly timeLimitsMs?: { readonly red?: number; readonly yellow?: number };
  /** Longest `init` or `inform` may take (default: the larger of the move limit and 10 s). */
  readonly setupLimitMs?: number;
  /** Called after each move is applied (e.g. to draw the board). */
  readonly onMove?: (event: MoveEvent) => void;
  /**
   * Columns (0..6) played before the players take over, as in an opening suite: after `init`, both
   * players are informed of every opening move in order, their own colour's included, then the
   * side to move is asked. (A player that keeps its board by applying every column it is told, as
   * the protocol's examples do, follows.) Default: none.
   */
  readonly opening?: readonly number[];
}

export interface MoveEvent {
  readonly color: boolean;
  /** The mover's name. */
  readonly player: string;
  readonly column: number;
  /** The moves so far, this one included. */
  readonly moves: readonly number[];
  readonly elapsedMs: number;
}

type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: ForfeitReason; readonly message: string };

const MAX_TIMER_MS = 2 ** 31 - 1;
const TIMED_OUT = Symbol('timed out');

export class Referee {
  readonly #moveLimit: { red: number; yellow: number };
  readonly #setupLimit: number;
  readonly #onMove: ((event: MoveEvent) => void) | undefined;
  readonly #opening: readonly number[];

  constructor(options: RefereeOptions = {}) {
    // Every limit given is checked as given (a null would otherwise fall back to the default).
    for (const limit of [options.timeLimitMs, options.timeLimitsMs?.red, options.timeLimitsMs?.yellow, options.setupLimitMs] as unknown[]) {
      if (limit === undefined) continue;
      if (typeof limit !== 'number') throw new TypeError(`Invalid time limit: ${JSON.stringify(limit) ?? typeof limit} (expected a positive number of milliseconds)`);
      if (!(limit > 0)) throw new RangeError(`Invalid time limit: ${String(limit)} ms (expected a positive number of milliseconds)`);
    }
    const base = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.#moveLimit = { red: options.timeLimitsMs?.red ?? base, yellow: options.timeLimitsMs?.yellow ?? base };
    this.#setupLimit = options.setupLimitMs ?? Math.max(base, MIN_SETUP_LIMIT_MS);
    this.#onMove = options.onMove;
    this.#opening = [...(options.opening ?? [])];
    const check = new RefereeBoard();
    for (const column of this.#opening) {
      const illegal = check.illegality(column);
      if (illegal !== null || check.play(column) !== null) throw new RangeError(`Invalid opening ${this.#opening.map((c) => String(c + 1)).join('')}: ${illegal ?? 'it ends the game'}`);
    }
  }

  /** Plays a game, red (moving first) against yellow, and closes both players whatever happens. */
  async play(red: Player, yellow: Player): Promise<GameResult> {
    // The referee owns both players from here on: whatever is wrong with the call, the players it
    // can close (a worker, a process) are closed before it throws, so nothing is left running.
    const invalid = notAPlayer(red, 'red') ?? notAPlayer(yellow, 'yellow') ?? (red === yellow ? new RangeError('A player cannot play against itself: give two player objects') : undefined);
    if (invalid !== undefined) {
      await Promise.all([...new Set([red, yellow])].filter((player): player is ClosablePlayer => notAPlayer(player, '') === undefined && isClosable(player)).map((player) => player.close()));
      throw invalid;
    }
    const board = new RefereeBoard();
    const names = { red: safeName(red, 'red'), yellow: safeName(yellow, 'yellow') };
    const playerOf = (color: boolean): Player => (color ? red : yellow);
    const label = (color: boolean): string => `${colorName(color)} (${color ? names.red : names.yellow})`;
    const result = (winner: boolean | null, reason: EndReason, message: string, offender?: boolean): GameResult => ({
      winner,
      reason,
      ...(offender === undefined ? {} : { offender }),
      message,
      moves: [...board.moves],
      red: names.red,
      yellow: names.yellow,
    });
    const forfeit = (color: boolean, failure: Extract<Outcome<unknown>, { ok: false }>): GameResult =>
      result(!color, failure.reason, `${label(color)} ${failure.message}`, color);

    try {
      for (const color of [true, false]) {
        const player = playerOf(color);
        const started = await this.#within(player, this.#setupLimit, () => player.init(color));
        if (!started.ok) return forfeit(color, started);
        // A worker or program may only know its own name once started.
        if (color) names.red = safeName(red, names.red);
        else names.yellow = safeName(yellow, names.yellow);
      }
      for (const column of this.#opening) {
        board.play(column);
        for (const color of [true, false]) {
          const player = playerOf(color);
          const informed = await this.#within(player, this.#setupLimit, () => player.inform(column));
          if (!informed.ok) return forfeit(color, informed);
        }
      }
      while (true) {
        const color = board.toMove;
        const player = playerOf(color);
        const startedAt = performance.now();
        const answer = await this.#within(player, color ? this.#moveLimit.red : this.#moveLimit.yellow, () => player.move());
        if (!answer.ok) return forfeit(color, answer);
        const illegal = board.illegality(answer.value);
        if (illegal !== null) return forfeit(color, { ok: false, reason: 'illegal-move', message: illegal });
        const column = answer.value as number;
        const end = board.play(column);
        this.#onMove?.({ color, player: color ? names.red : names.yellow, column, moves: board.moves, elapsedMs: performance.now() - startedAt });
        if (end === 'four-in-a-row') return result(color, end, `${label(color)} connected four`);
        if (end === 'board-full') return result(null, end, 'the board is full and nobody connected four');
        const opponent = playerOf(!color);
        const informed = await this.#within(opponent, this.#setupLimit, () => opponent.inform(column));
        if (!informed.ok) return forfeit(!color, informed);
      }
    } finally {
      await Promise.all([red, yellow].filter(isClosable).map((player) => player.close()));
    }
  }

  /**
   * Runs one call of a player against a deadline. A late player is closed at once — its worker
   * terminated or its process killed — and never waited for.
   */
  async #within<T>(player: Player, limitMs: number, call: () => T | Promise<T>): Promise<Outcome<T>> {
    let timer: NodeJS.Timeout | undefined;
    const started = performance.now();
    const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
      // Node's timers run on the event loop's cached clock, which can lag the real one by however
      // long the current turn of the loop has run: a timer may fire before `limitMs` has truly
      // passed. Re-arm for the remainder until it has, so a player always gets its whole limit.
      const arm = (ms: number): void => {
        timer = setTimeout(() => {
          const left = limitMs - (performance.now() - started);
          if (left > 0) arm(left);
          else resolve(TIMED_OUT);
        }, ms);
      };
      // Beyond setTimeout's range (about 24.8 days) a limit is no limit.
      if (limitMs <= MAX_TIMER_MS) arm(limitMs);
    });
    try {
      const value = await Promise.race([Promise.resolve().then(call), deadline]);
      if (value === TIMED_OUT) {
        // Timed from before the timer was set and re-armed until the limit passed: at least the limit.
        const elapsed = performance.now() - started;
        if (isClosable(player)) await player.close();
        return { ok: false, reason: 'timeout', message: `did not answer within the time limit of ${formatDuration(limitMs)} (gave up after ${formatDuration(elapsed)})` };
      }
      return { ok: true, value };
    } catch (error) {
      return judgeThrow(error);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * What a player's throw means for its game: a failure or resignation as it says, anything else an
 * error — described safely, whatever was thrown (`instanceof` itself throws for a Proxy whose
 * traps throw, and `Object.create(null)` has no text), so it is a fault of that player, as in the lab.
 */
function judgeThrow(error: unknown): Outcome<never> {
  try {
    if (error instanceof PlayerFailure) return { ok: false, reason: error.reason, message: printable(String(error.message)) };
    if (error instanceof Resignation) return { ok: false, reason: 'resigned', message: printable(`resigned${error.message === '' ? '' : `: ${String(error.message)}`}`) };
  } catch {
    // described below
  }
  return { ok: false, reason: 'error', message: printable(`threw an error: ${thrownText(error, false)}`) };
}

/**
 * Builds the two players of a game, red then yellow, for `Referee.play`, which owns them from then
 * on. Until then they are the caller's: if yellow cannot be built, red (a worker, a process) is
 * closed before the error is rethrown, so a failed start leaves nothing running.
 */
export async function seatPlayers(red: () => Player, yellow: () => Player): Promise<[Player, Player]> {
  const redPlayer = red();
  try {
    return [redPlayer, yellow()];
  } catch (error) {
    if (isClosable(redPlayer)) await redPlayer.close();
    throw error;
  }
}

const PLAYER_METHODS = ['init', 'name', 'move', 'inform'] as const;

/** Why `value` cannot be a `Player`, or undefined if it can. */
function notAPlayer(value: unknown, color: string): TypeError | undefined {
  const expected = `Referee.play: ${color} is not a player (expected an object with init, name, move and inform methods)`;
  if (typeof value !== 'object' || value === null) return new TypeError(`${expected}, got ${value === null ? 'null' : typeof value}`);
  const missing = PLAYER_METHODS.find((method) => typeof (value as Record<string, unknown>)[method] !== 'function');
  return missing === undefined ? undefined : new TypeError(`${expected}, got an object without ${missing}`);
}

function safeName(player: Player, fallback: string): string {
  try {
    const name = player.name();
    return typeof name === 'string' && name !== '' ? name : fallback;
  } catch {
    return fallback;
  }
}
