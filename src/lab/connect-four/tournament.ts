/**
 * A Connect Four round robin: every pair of bots meets `gamesPerPair` times, colours alternating
 * (the first-listed bot of a pair is red in even games), a few games at a time. Each game gets
 * fresh players and its own referee, so a crash or a hung bot costs only that game.
 */
import { plural } from '../../core/format.js';
import type { Player } from '../../games/connect-four/player.js';
import { END_REASONS, type EndReason, type GameResult } from '../../games/connect-four/referee/result.js';
import { Referee, seatPlayers } from './referee.js';

export interface TournamentOptions {
  readonly bots: readonly string[];
  /** Games per pair of bots (colours alternate). */
  readonly gamesPerPair: number;
  /** Move time limit, in ms. */
  readonly timeLimitMs: number;
  /** Games played at the same time (each game's two players think in turn, so ≈ one core each). */
  readonly concurrency: number;
  /** A fresh player for `bot` in game `gameIndex`, playing `color`. */
  readonly createPlayer: (bot: string, gameIndex: number, color: boolean) => Player;
  /** Called as each game ends (in the order they end). */
  readonly onGame?: (game: TournamentGame, done: number, total: number) => void;
}

export interface TournamentGame {
  readonly index: number;
  /** Indices into `bots`. */
  readonly red: number;
  readonly yellow: number;
  readonly result: GameResult;
}

export interface TournamentResults {
  readonly bots: readonly string[];
  /** wins[i][j]: games bot i won against bot j (both colours). */
  readonly wins: number[][];
  /** draws[i][j] (symmetric). */
  readonly draws: number[][];
  /** forfeits[i][reason]: games bot i lost by that reason (timeouts, illegal moves, …). */
  readonly forfeits: Record<EndReason, number>[];
  /** Every game, by index. */
  readonly games: TournamentGame[];
}

/** The schedule: for each pair (i < j), `gamesPerPair` games, i red in the even ones. (A list: for small schedules.) */
export function schedule(botCount: number, gamesPerPair: number): { red: number; yellow: number }[] {
  const pairs = (botCount * (botCount - 1)) / 2;
  return Array.from({ length: pairs * gamesPerPair }, (_, index) => scheduledGame(botCount, gamesPerPair, index));
}

/**
 * Game `index` of the schedule, worked out from the index alone, so a tournament of any length
 * holds nothing per planned game: pairs (i < j) in order, `gamesPerPair` games each, i red in the
 * pair's even games.
 */
export function scheduledGame(botCount: number, gamesPerPair: number, index: number): { red: number; yellow: number } {
  let pair = Math.floor(index / gamesPerPair);
  const game = index - pair * gamesPerPair;
  for (let i = 0; i < botCount - 1; i++) {
    const row = botCount - 1 - i; // the pairs (i, j > i)
    if (pair < row) {
      const j = i + 1 + pair;
      return game % 2 === 0 ? { red: i, yellow: j } : { red: j, yellow: i };
    }
    pair -= row;
  }
  throw new RangeError(`Game ${String(index)} is beyond the schedule of ${plural(botCount, 'bot')}, ${plural(gamesPerPair, 'game')} per pair`);
}

export async function runTournament(options: TournamentOptions): Promise<TournamentResults> {
  const { bots } = options;
  if (bots.length < 2) throw new RangeError('A tournament needs at least two bots');
  if (new Set(bots).size !== bots.length) throw new RangeError('Each bot may take part only once');
  if (!(Number.isInteger(options.gamesPerPair) && options.gamesPerPair >= 1)) throw new RangeError(`Invalid number of games per pair: ${String(options.gamesPerPair)}`);
  if (!(Number.isInteger(options.concurrency) && options.concurrency >= 1)) throw new RangeError(`Invalid concurrency: ${String(options.concurrency)}`);
  const n = bots.length;
  const square = (): number[][] => Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const wins = square();
  const draws = square();
  const forfeits = bots.map(() => Object.fromEntries(END_REASONS.map((reason) => [reason, 0])) as Record<EndReason, number>);
  const pairs = (n * (n - 1)) / 2;
  const total = pairs * options.gamesPerPair;
  if (!Number.isSafeInteger(total)) {
    throw new RangeError(`Too many games: ${plural(pairs, 'pair')} of bots × ${plural(options.gamesPerPair, 'game')} per pair is beyond ${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')}`);
  }
  // Only what has been played is held: games are planned one at a time (scheduledGame), and kept
  // as they end, then put in order.
  const games: TournamentGame[] = [];
  let next = 0;
  let done = 0;
  // The first failure (a player that cannot be built, a throwing onGame) ends the tournament: no lane
  // starts another game, the games under way finish (the referee closes their players), then it is
  // rethrown, so nothing is left running behind the rejection.
  let failure: { reason: unknown } | undefined;

  const lane = async (): Promise<void> => {
    while (next < total && failure === undefined) {
      const index = next++;
      const { red, yellow } = scheduledGame(n, options.gamesPerPair, index);
      try {
        const referee = new Referee({ timeLimitMs: options.timeLimitMs });
        const [redPlayer, yellowPlayer] = await seatPlayers(
          () => options.createPlayer(bots[red]!, index, true),
          () => options.createPlayer(bots[yellow]!, index, false),
        );
        const result = await referee.play(redPlayer, yellowPlayer);
        if (result.winner === null) {
          draws[red]![yellow]!++;
          draws[yellow]![red]!++;
        } else {
          const [winner, loser] = result.winner ? [red, yellow] : [yellow, red];
          wins[winner]![loser]!++;
          if (result.offender !== undefined) forfeits[loser]![result.reason]++;
        }
        const game = { index, red, yellow, result };
        games.push(game);
        options.onGame?.(game, ++done, total);
      } catch (reason) {
        failure ??= { reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, total) }, lane));
  if (failure !== undefined) throw failure.reason;
  games.sort((a, b) => a.index - b.index);
  return { bots, wins, draws, forfeits, games };
}
