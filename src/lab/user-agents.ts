/**
 * Agents a user brings (a module file, or an object in the calling thread), next to the games'
 * built-in agents. Browser-safe: this module only keeps the table; loading a module from disk is
 * user-players.ts (Node).
 *
 * A user agent's id, as stored in an experiment's lineups and so in every results record, says
 * which player it is and which version of it:
 *   `<name>@file:///abs/path/player.mjs#sha256=<64 hex digits>`   a module, by path and content hash
 *   `<name>@object`                                              an object given to the library
 *   `<name>@exec:<command>`                                      a program of its own, any language (the
 *                                                                line protocol: external-players.ts)
 *   `<name>@referee`                                             a bot only a referee plays (a program, a
 *                                                                bot module, a timed built-in), defined by the
 *                                                                run's parameters (Connect Four's refereed SPRT)
 * Records of two versions of a module therefore have different configs, which `merge` and
 * `--resume` refuse to combine. Built-in ids never contain '@'.
 *
 * Invariant: an id is registered here in a thread before any BatchPlayer of that thread uses it
 * (the runner loads modules in the calling thread, each worker loads them itself).
 */
import type { Agent, GameState } from '../core/game.js';

// The shortest name before a known kind: a name may hold `@` (it is the user's), and so may a command after `exec:`.
const USER_ID = /^(.+?)@(file:\/\/.+#sha256=([0-9a-f]{64})|object|referee|exec:(.+))$/s;

/** A user agent that reports faults: the messages of the current game, emptied by the lab after each game. */
export interface FaultReporting {
  readonly faults: string[];
}

/**
 * Thrown by a user agent whose fault, by the game's rules, ends the game (Connect Four: the game is
 * lost; Klondike: the deal ends for that program): the lab ends the game there and scores it with
 * `returns` (one per seat) instead of the state's.
 */
export class Forfeit extends Error {
  override readonly name = 'Forfeit';
  constructor(readonly returns: readonly number[]) {
    super('a user player forfeited the game');
  }
}

/**
 * The game under way in this thread, as user agents see it. The lab (`BatchPlayer`) calls `begin`
 * before each game of a lineup with user agents. Every move asked of a user agent is one *call*,
 * numbered from 1 within the game in the order asked: a number that depends on the game alone (its
 * seed and the players' answers), never on the thread or batch, so it names a move for a replay.
 *
 * While a call is under way, `progress[2]` holds its number (and minus it once it has returned),
 * so the runner on another thread knows which move a worker was on when it ran past the time
 * limit or died (an exit, out of memory, a crash). The runner then plays the batch again with the
 * call in `failedCalls`: that call is not asked but played as a fault, and its player plays no
 * more in that game.
 */
/** Int32 slots of the progress array a worker shares with the runner's watchdog: lineup, game index, call. */
export const PROGRESS_SLOTS = 3;

export const userGame = {
  /** Changes with every game, so an agent knows when a new one begins. */
  serial: 0,
  /** Calls of user agents so far in this game. */
  calls: 0,
  /** The calls of this game that failed in an earlier attempt (ran out of time, or their thread died). */
  failedCalls: [] as readonly number[],
  /** Why each of them failed, for the fault's message ("gave no answer within the time limit of 10 s"). */
  failures: [] as readonly string[],
  /**
   * The first of them (Infinity when none): one comparison a call finds most games have none. Set
   * to 0 once a user player stops in this game (a call failed), so that its later calls are checked too.
   */
  firstFailed: Infinity,
  /**
   * The most calls a game can make (the game's `maxGameLength`): a call past it means the agents
   * changed the state so that the game no longer ends, and ends the game (see `GameTooLong`).
   */
  maxCalls: Infinity,
  /** Shared with the runner's watchdog: [lineup, game index, call under way (or minus the last one)]. */
  progress: undefined as Int32Array | undefined,
  begin(failedCalls: readonly number[], failures: readonly string[], maxCalls: number): void {
    this.serial++;
    this.calls = 0;
    this.failedCalls = failedCalls;
    this.failures = failures;
    this.maxCalls = maxCalls;
    // The call past the game's length takes the checked path too (one comparison on the hot path).
    this.firstFailed = Math.min(maxCalls + 1, ...failedCalls);
  },
};

/**
 * Thrown at a user agent's call past the game's longest possible length: the state was changed so
 * that the game never ends (scores put back, cards the rules never deal). The lab ends the game as
 * a fault of the agent to move.
 */
export class GameTooLong extends Error {
  override readonly name = 'GameTooLong';
}

export const isUserAgentId = (id: string): boolean => USER_ID.test(id);

/** The label a player is reported under (and whose hash derives its games' seeds): the name part of a user id, else the id. */
export function agentLabel(id: string): string {
  const match = USER_ID.exec(id);
  return match === null ? id : match[1]!;
}

/** The module a user id names: its file URL and sha256, or undefined for built-ins and objects. */
export function userModuleOf(id: string): { readonly url: string; readonly sha256: string } | undefined {
  const match = USER_ID.exec(id);
  if (match === null || match[3] === undefined) return undefined;
  return { url: match[2]!.slice(0, match[2]!.lastIndexOf('#sha256=')), sha256: match[3] };
}

/** The shell command line of an external program's id (`<name>@exec:<command>`), else undefined. */
export const externalCommandOf = (id: string): string | undefined => USER_ID.exec(id)?.[4];

/** True for an id that can only be played in the thread it was registered in (a library object). */
export const isObjectAgentId = (id: string): boolean => USER_ID.exec(id)?.[2] === 'object';

/** True for an id of a bot that a referee plays (a batch source does, from the run's parameters), never an agent of this table. */
export const isRefereedAgentId = (id: string): boolean => USER_ID.exec(id)?.[2] === 'referee';

/** The lineup id of the refereed bot `name`. */
export const refereedAgentId = (name: string): string => `${name}@referee`;

const table = new Map<string, () => Agent<GameState>>();

/** Makes `id` playable in this thread. Re-registering an id replaces it (the same object given again). */
export function registerUserAgent(id: string, create: () => Agent<GameState>): void {
  if (!isUserAgentId(id)) throw new RangeError(`Not a user agent id: '${id}'`);
  table.set(id, create);
}

export const userAgentFactory = (id: string): (() => Agent<GameState>) | undefined => table.get(id);

/** The fault list of an agent that keeps one (user agents), else undefined. */
export function faultsOf(agent: Agent<GameState>): string[] | undefined {
  const faults = (agent as Partial<FaultReporting>).faults;
  return Array.isArray(faults) ? faults : undefined;
}

/**
 * When two experiments' lineups differ only in the version of some user module, says so: "two
 * versions of the player 'mine' (/path/mine.mjs, sha256 1a2b3c4d5e6f… vs 9f8e7d6c5b4a…)".
 * Undefined when they differ otherwise (or not at all).
 */
export function versionConflict(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): string | undefined {
  const flatA = a.flat();
  const flatB = b.flat();
  if (a.length !== b.length || flatA.length !== flatB.length) return undefined;
  const conflicts: string[] = [];
  for (let k = 0; k < flatA.length; k++) {
    const x = flatA[k]!;
    const y = flatB[k]!;
    if (x === y) continue;
    const mx = userModuleOf(x);
    const my = userModuleOf(y);
    if (mx === undefined || my === undefined || mx.url !== my.url || agentLabel(x) !== agentLabel(y)) return undefined;
    const text = `the player '${agentLabel(x)}' (${mx.url}, sha256 ${mx.sha256.slice(0, 12)}… vs ${my.sha256.slice(0, 12)}…)`;
    if (!conflicts.includes(text)) conflicts.push(text);
  }
  return conflicts.length === 0 ? undefined : `two versions of ${conflicts.join(' and ')}`;
}
