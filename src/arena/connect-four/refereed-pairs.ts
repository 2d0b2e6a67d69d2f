/**
 * Connect Four SPRT pairs played as the arena's tournament plays its games: every move through a
 * referee with the tournament's move time limit, the players made by the tournament's lineup
 * (built-in bots in worker threads, external programs, bot modules), and a player that times out,
 * answers an illegal column, breaks the protocol or crashes loses that game (counted as the lab
 * counts a fault). Pair i starts both of its games — A as red, then B as red — from opening i of
 * the suite, as the lab's opening pairs do (opening-pairs.ts), so the test's unit is the same.
 *
 * Which bots, which limit and which level of the `alphabeta` bot come from the test's settings
 * (`SprtSettings.referee`, saved in the results file), so a resumed test plays the same programs
 * under the same limit.
 */
import { emptyTally, gameSeed, MAX_FAULT_EXAMPLES, type ExperimentConfig, type LineupTally, type PlayedGame, type Tally } from '../../lab/experiment.js';
import { parseSprtParams, type RefereeSettings } from '../../lab/sprt.js';
import { agentLabel } from '../../lab/user-agents.js';
import { moveString, type GameResult } from '../../games/connect-four/referee/result.js';
import { createBot, type LineupOptions, type ModuleBot } from './lineup.js';
import { Referee, seatPlayers } from './referee.js';

/** A refereed Connect Four test's settings: the lab's, and the level of the arena's `alphabeta` bot. */
export interface ConnectFourRefereeSettings extends RefereeSettings {
  readonly level: number;
}

/** The referee settings of a test's config, or undefined for a test played by the lab's agents. */
export function refereeOf(config: ExperimentConfig): ConnectFourRefereeSettings | undefined {
  const referee = parseSprtParams(config.params)?.referee;
  if (referee === undefined) return undefined;
  const { level } = referee;
  if (!Number.isSafeInteger(level)) throw new RangeError(`The alphabeta level must be a whole number, got ${String(level)}`);
  return { ...referee, level: level as number };
}

/** The arena's lineup options for a refereed test: its bots, its limit, its seed. */
function lineupOf(config: ExperimentConfig, referee: ConnectFourRefereeSettings): LineupOptions {
  const externals = referee.bots.flatMap(({ name, command }) => (command === undefined ? [] : [{ name, command }]));
  const modules = new Map<string, ModuleBot>(referee.bots.flatMap(({ name, module }) => (module === undefined ? [] : [[name, { name, url: module }] as const])));
  return { timeLimitMs: referee.timeLimitMs, level: referee.level, seed: config.seed, externals, modules };
}

/**
 * Counts a refereed game in the tally of its lineup [red, yellow], its returns as the lab's Connect
 * Four scores them (1 a win, −1 a loss, 0 a draw); returns red's.
 */
export function countRefereedGame(lineup: LineupTally, result: GameResult): number {
  const redReturn = result.winner === null ? 0 : result.winner ? 1 : -1;
  lineup.games++;
  lineup.seats.forEach((seat, s) => {
    const r = s === 0 ? redReturn : -redReturn;
    seat.sum += r;
    seat.sumSq += r * r;
    if (r > 0) seat.wins++;
    else if (r < 0) seat.losses++;
    else seat.draws++;
    if (r === -1) seat.atMin++;
    if (r === 1) seat.atMax++;
  });
  return redReturn;
}

/**
 * Plays pairs [start, end) of a refereed test (lineups [A, B] and [B, A]) and returns their tally:
 * game 2i is pair i with A red, game 2i + 1 with B red (the random bots' seeds follow these
 * indices), both from opening i of the suite. With `games`, every game is also pushed there as
 * played (pair by pair, A red first), with the referee's reason for a forfeit.
 */
export async function playRefereedPairs(config: ExperimentConfig, suite: readonly (readonly number[])[], start: number, end: number, games?: PlayedGame[]): Promise<Tally> {
  const referee = refereeOf(config);
  if (referee === undefined) throw new RangeError('This test is not refereed: its settings name no referee');
  const lineup = lineupOf(config, referee);
  const [a, b] = config.lineups[0]!.map(agentLabel) as [string, string];
  const tally = emptyTally(config);
  for (let i = start; i < end; i++) {
    const opening = suite[i % suite.length]!;
    const judge = new Referee({ timeLimitMs: referee.timeLimitMs, opening });
    const firstReturns: number[] = [];
    for (const [l, [red, yellow]] of [[a, b], [b, a]].entries()) {
      const gameIndex = 2 * i + l;
      const [redPlayer, yellowPlayer] = await seatPlayers(
        () => createBot(red!, lineup, gameIndex, true),
        () => createBot(yellow!, lineup, gameIndex, false),
      );
      const result = await judge.play(redPlayer, yellowPlayer);
      const lineupTally = tally.lineups[l]!;
      const redReturn = countRefereedGame(lineupTally, result);
      games?.push({
        lineup: l,
        index: i,
        seed: gameSeed(config, l, i),
        // A bot that failed before the opening was played out leaves fewer moves than the opening.
        openingLength: Math.min(opening.length, result.moves.length),
        actions: result.moves,
        returns: [redReturn, -redReturn],
        ...(result.offender === undefined ? {} : { forfeit: { seat: result.offender ? 0 : 1, message: result.message, reason: result.reason } }),
      });
      if (result.offender !== undefined) {
        // A forfeit is the offender's fault, as the lab counts a user player's: kept with its message to replay.
        const seat = lineupTally.seats[result.offender ? 0 : 1]!;
        seat.faults = (seat.faults ?? 0) + 1;
        if ((seat.faultExamples?.length ?? 0) < MAX_FAULT_EXAMPLES) seat.faultExamples = [...(seat.faultExamples ?? []), { game: i, seed: config.seed, message: `${result.message} (moves ${moveString(result.moves)})` }];
      }
      firstReturns.push(redReturn);
    }
    // Seat 0 of [A, B] minus seat 0 of [B, A]: A's two results added, as the lab's paired tally counts a pair.
    const d = tally.differences[0]!;
    const x = firstReturns[0]! - firstReturns[1]!;
    d.n++;
    d.sum += x;
    d.sumSq += x * x;
  }
  return tally;
}
