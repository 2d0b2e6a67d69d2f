/**
 * A Connect Four round robin: every pair of bots meets `gamesPerPair` times, colours alternating
 * (the first-listed bot of a pair is red in even games), a few games at a time. Each game gets
 * fresh players and its own referee, so a crash or a hung bot costs only that game.
 */
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

/** The schedule: for each pair (i < j), `gamesPerPair` games, i red in the even ones. */
export function schedule(botCount: number, gamesPerPair: number): { red: number; yellow: number }[] {
  const games: { red: number; yellow: number }[] = [];
  for (let i = 0; i < botCount; i++) {
    for (let j = i + 1; j < botCount; j++) {
      for (let g = 0; g < gamesPerPair; g++) games.push(g % 2 === 0 ? { red: i, yellow: j } : { red: j, yellow: i });
    }
  }
  return games;
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
  const planned = schedule(n, options.gamesPerPair);
  const games: TournamentGame[] = new Array<TournamentGame>(planned.length);
  let next = 0;
  let done = 0;
  // The first failure (a player that cannot be built, a throwing onGame) ends the tournament: no lane
  // starts another game, the games under way finish (the referee closes their players), then it is
  // rethrown, so nothing is left running behind the rejection.
  let failure: { reason: unknown } | undefined;

  const lane = async (): Promise<void> => {
    while (next < planned.length && failure === undefined) {
      const index = next++;
      const { red, yellow } = planned[index]!;
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
        games[index] = game;
        options.onGame?.(game, ++done, planned.length);
      } catch (reason) {
        failure ??= { reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, planned.length) }, lane));
  if (failure !== undefined) throw failure.reason;
  return { bots, wins, draws, forfeits, games };
}
