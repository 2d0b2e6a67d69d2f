/**
 * Bots by name, for the `play` and `tournament` commands: the built-in players (each started in its
 * own worker thread) and external programs declared as `name=command`.
 *
 * Built-in names: `alphabeta` (at the chosen level), the AlphaBeta levels by name (`beginner`,
 * `casual`, `club`, `expert`, `master`) or number (`alphabeta-1` … `alphabeta-5`, the same players),
 * `solver`, `random` (a test opponent). A bot's per-move budget is derived from the referee's time limit,
 * leaving a margin for messages and a loaded machine.
 */
import { deriveSeed } from '../../core/random.js';
import type { ClosablePlayer } from '../../games/connect-four/player.js';
import { ALPHABETA_LEVELS, alphaBetaLevel } from '../../games/connect-four/players/alphabeta.js';
import { ExternalBot } from './external-bot.js';
import { WorkerPlayer } from './worker-player.js';

export const BUILTIN_BOTS = [
  'alphabeta',
  ...ALPHABETA_LEVELS.map((entry) => entry.name),
  ...ALPHABETA_LEVELS.map((entry) => `alphabeta-${String(entry.level)}`),
  'solver',
  'random',
] as const;

/** The solver's budget is capped: an exact solve either comes quickly or takes far too long. */
const SOLVER_BUDGET_CAP_MS = 5_000;

export interface ExternalBotDefinition {
  readonly name: string;
  readonly command: string;
}

export interface LineupOptions {
  /** The referee's move time limit, in ms. */
  readonly timeLimitMs: number;
  /** The level of `alphabeta` (1..5). */
  readonly level: number;
  /** Seeds the random players: game g, colour c gets `deriveSeed(seed, 2g + c)`. */
  readonly seed: number;
  readonly externals: readonly ExternalBotDefinition[];
}

/** Parses `name=command`; throws a RangeError saying what is wrong. */
export function parseBotDefinition(text: string): ExternalBotDefinition {
  const split = text.indexOf('=');
  const name = split < 0 ? '' : text.slice(0, split).trim();
  const command = split < 0 ? '' : text.slice(split + 1).trim();
  if (split < 0 || command === '') throw new RangeError(`--bot expects name=command, got '${text}'`);
  if (!/^[A-Za-z0-9_.-]{1,32}$/.test(name)) throw new RangeError(`Bot name '${name}' must be 1-32 letters, digits, '.', '_' or '-'`);
  if ((BUILTIN_BOTS as readonly string[]).includes(name) || name === 'human') throw new RangeError(`Bot name '${name}' is taken by a built-in player`);
  return { name, command };
}

/** Throws a RangeError unless the externals have distinct names and every name is known. */
export function checkLineup(names: readonly string[], externals: readonly ExternalBotDefinition[]): void {
  const external = externals.map((bot) => bot.name);
  const duplicate = external.find((name, i) => external.indexOf(name) !== i);
  if (duplicate !== undefined) throw new RangeError(`Bot '${duplicate}' is defined twice`);
  for (const name of names) {
    if (!(BUILTIN_BOTS as readonly string[]).includes(name) && !external.includes(name)) {
      throw new RangeError(`Unknown bot '${name}' (built in: ${BUILTIN_BOTS.join(', ')}; or define one with --bot name=command)`);
    }
  }
}

/** How long a bot plans to think per move, given the referee's limit (ms). */
export function moveBudgetMs(timeLimitMs: number): number {
  return Math.max(1, Math.min(timeLimitMs * 0.75, timeLimitMs - 100));
}

/** A fresh player for one game. The referee closes it when the game ends. */
export function createBot(name: string, options: LineupOptions, gameIndex: number, color: boolean): ClosablePlayer {
  const budgetMs = moveBudgetMs(options.timeLimitMs);
  const external = options.externals.find((bot) => bot.name === name);
  if (external !== undefined) return new ExternalBot({ name: external.name, command: external.command });
  if (name === 'solver') return new WorkerPlayer({ kind: 'solver', budgetMs: Math.min(budgetMs, SOLVER_BUDGET_CAP_MS) });
  if (name === 'random') return new WorkerPlayer({ kind: 'random', seed: deriveSeed(options.seed, 2 * gameIndex + (color ? 0 : 1)) });
  if (name === 'alphabeta') return new WorkerPlayer({ kind: 'alphabeta', level: options.level, budgetMs });
  const numbered = /^alphabeta-([1-5])$/.exec(name);
  const level = alphaBetaLevel(numbered === null ? name : Number(numbered[1]));
  if (level !== undefined) return new WorkerPlayer({ kind: 'alphabeta', level: level.level, budgetMs });
  throw new RangeError(`Unknown bot '${name}'`);
}
