/**
 * A refereed Connect Four round robin: the lab's pairwise round robin (src/lab/tournament.ts —
 * every pair of bots meets `gamesPerPair` times, colours alternating, the first-listed bot of a
 * pair red in even games, each seat pair from the next opening of the suite; its standings, with
 * a deterministic replay counted once), a few games at a time. What is the arena's own is how a
 * game is played: fresh players and a referee enforcing the move time limit on bots running in
 * worker threads or as programs, so a crash or a hung bot costs only that game, and a forfeit is
 * counted by its reason.
 */
import { connectFourGame } from '../../games/connect-four/definition.js';
import type { Player } from '../../games/connect-four/player.js';
import { END_REASONS, moveString, type EndReason, type GameResult } from '../../games/connect-four/referee/result.js';
import type { GameRecord } from '../../lab/game-record.js';
import { pairwiseGame, pairwiseGameCount, PairwiseStandings, playScheduled } from '../../lab/tournament.js';
import { Referee, seatPlayers } from './referee.js';

export interface RefereedTournamentOptions {
  readonly bots: readonly string[];
  /** Games per pair of bots (colours alternate). */
  readonly gamesPerPair: number;
  /** Move time limit, in ms. */
  readonly timeLimitMs: number;
  /** Games played at the same time (each game's two players think in turn, so ≈ one core each). */
  readonly concurrency: number;
  /**
   * Openings (columns 0..6) the games start from: games 2k and 2k+1 of a pair play opening k (modulo
   * the suite's length), once with each colour. Default: none (every game from the empty board).
   */
  readonly openings?: readonly (readonly number[])[];
  /** A fresh player for `bot` in game `gameIndex`, playing `color`. */
  readonly createPlayer: (bot: string, gameIndex: number, color: boolean) => Player;
  /** Called as each game ends (in the order they end). */
  readonly onGame?: (game: RefereedGame, done: number, total: number) => void;
  /**
   * Games already played (a resumed tournament): counted as they are and not played again, so
   * the results are those of one uninterrupted run.
   */
  readonly earlier?: readonly RefereedGame[];
}

export interface RefereedGame {
  readonly index: number;
  /** Indices into `bots`. */
  readonly red: number;
  readonly yellow: number;
  /** The opening the game started from (columns 0..6; empty for none). */
  readonly opening: readonly number[];
  readonly result: GameResult;
}

export interface RefereedTournamentResults {
  readonly bots: readonly string[];
  /** wins[i][j]: games bot i won against bot j (both colours). */
  readonly wins: number[][];
  /** draws[i][j] (symmetric). */
  readonly draws: number[][];
  /**
   * The same over distinct games only: a game that repeats an earlier one move for move, with the
   * same bots in the same colours (deterministic bots from the same opening), adds no evidence
   * and is counted once. Ratings use these.
   */
  readonly distinctWins: number[][];
  readonly distinctDraws: number[][];
  /** Games that were not a move-for-move repeat of an earlier game. */
  readonly distinctGames: number;
  /** forfeits[i][reason]: games bot i lost by that reason (timeouts, illegal moves, …). */
  readonly forfeits: Record<EndReason, number>[];
  /** Every game, by index. */
  readonly games: RefereedGame[];
}

/** Game `index` of the schedule: the lab's pairwise round robin (`pairwiseGame`), the first seat red. */
export function scheduledGame(botCount: number, gamesPerPair: number, index: number): { red: number; yellow: number; round: number } {
  const { first, second, round } = pairwiseGame(botCount, gamesPerPair, index);
  return { red: first, yellow: second, round };
}

/** The whole schedule (for small tournaments and tests): see `scheduledGame`. */
export function schedule(botCount: number, gamesPerPair: number): { red: number; yellow: number }[] {
  return Array.from({ length: pairwiseGameCount(botCount, gamesPerPair) }, (_, index) => {
    const { red, yellow } = scheduledGame(botCount, gamesPerPair, index);
    return { red, yellow };
  });
}

export async function runRefereedTournament(options: RefereedTournamentOptions): Promise<RefereedTournamentResults> {
  const { bots } = options;
  if (bots.length < 2) throw new RangeError('A tournament needs at least two bots');
  if (new Set(bots).size !== bots.length) throw new RangeError('Each bot may take part only once');
  if (!(Number.isSafeInteger(options.gamesPerPair) && options.gamesPerPair >= 1)) throw new RangeError(`Invalid number of games per pair: ${String(options.gamesPerPair)}`);
  if (!(Number.isInteger(options.concurrency) && options.concurrency >= 1)) throw new RangeError(`Invalid concurrency: ${String(options.concurrency)}`);
  const openings = options.openings === undefined || options.openings.length === 0 ? [[]] : options.openings;
  // Checked before any game: a bad opening is the caller's error, not a bot's forfeit.
  const referees = openings.map((opening) => new Referee({ timeLimitMs: options.timeLimitMs, opening }));
  const n = bots.length;
  const total = pairwiseGameCount(n, options.gamesPerPair);
  const standings = new PairwiseStandings(n, END_REASONS);
  const games: RefereedGame[] = [];
  let done = 0;
  const earlier = new Set<number>();

  const tallyGame = (game: RefereedGame): void => {
    const { red, yellow, result } = game;
    standings.add(red, yellow, result.winner === null ? null : result.winner ? 0 : 1, `${result.reason}/${result.moves.join('')}`, result.offender === undefined ? undefined : result.reason);
    games[game.index] = game;
  };
  for (const game of options.earlier ?? []) {
    const scheduled = game.index < total ? scheduledGame(n, options.gamesPerPair, game.index) : undefined;
    if (scheduled === undefined || scheduled.red !== game.red || scheduled.yellow !== game.yellow || earlier.has(game.index)) {
      throw new RangeError(`Game ${String(game.index + 1)} of the earlier games is not in this tournament's schedule (or given twice)`);
    }
    const expectedOpening = openings[scheduled.round % openings.length]!;
    if (moveString(game.opening) !== moveString(expectedOpening)) throw new RangeError(`Game ${String(game.index + 1)} of the earlier games started from another opening than this tournament's`);
    earlier.add(game.index);
    tallyGame(game);
    done++;
  }

  await playScheduled(total, options.concurrency, earlier, async (index) => {
    const { red, yellow, round } = scheduledGame(n, options.gamesPerPair, index);
    const opening = openings[round % openings.length]!;
    const [redPlayer, yellowPlayer] = await seatPlayers(
      () => options.createPlayer(bots[red]!, index, true),
      () => options.createPlayer(bots[yellow]!, index, false),
    );
    const result = await referees[round % openings.length]!.play(redPlayer, yellowPlayer);
    const game = { index, red, yellow, opening, result };
    tallyGame(game);
    options.onGame?.(game, ++done, total);
  });
  const { wins, draws, distinctWins, distinctDraws, distinctGames, faults: forfeits } = standings;
  return { bots, wins, draws, distinctWins, distinctDraws, distinctGames, forfeits, games };
}

/** A refereed game as a game record (src/lab/game-record.ts): seat 0 is red; `seed` is the tournament's. */
export function refereedGameRecord(game: RefereedGame, bots: readonly string[], seed: number): Omit<GameRecord, 'format'> {
  const { result } = game;
  const seatOf = (color: boolean): number => (color ? 0 : 1);
  return {
    game: connectFourGame.id,
    index: game.index,
    seed,
    opening: moveString(game.opening),
    players: [bots[game.red]!, bots[game.yellow]!],
    moves: moveString(result.moves),
    result: { winner: result.winner === null ? null : seatOf(result.winner), reason: result.reason, message: result.message, ...(result.offender === undefined ? {} : { offender: seatOf(result.offender) }) },
  };
}

/** The refereed game a record holds, for a tournament between `bots`; a RangeError for one that cannot be its game. */
export function refereedGameOf(record: GameRecord, bots: readonly string[]): RefereedGame {
  const red = bots.indexOf(record.players[0]!);
  const yellow = bots.indexOf(record.players[1]!);
  if (record.game !== connectFourGame.id || record.players.length !== 2 || red < 0 || yellow < 0) throw new RangeError(`Game ${String(record.index + 1)} is not a Connect Four game between this tournament's bots`);
  if (!/^[1-7]*$/.test(record.moves) || !(END_REASONS as readonly string[]).includes(record.result.reason)) throw new RangeError(`Game ${String(record.index + 1)} holds moves or a result Connect Four has not`);
  const columns = (text: string): number[] => [...text].map((digit) => Number(digit) - 1);
  const colorOf = (seat: number): boolean => seat === 0;
  const { winner, offender, reason, message } = record.result;
  return {
    index: record.index,
    red,
    yellow,
    opening: columns(record.opening),
    result: {
      winner: winner === null ? null : colorOf(winner),
      reason: reason as EndReason,
      ...(offender === undefined ? {} : { offender: colorOf(offender) }),
      message,
      moves: columns(record.moves),
      red: record.players[0]!,
      yellow: record.players[1]!,
    },
  };
}
