/**
 * Games a user brings as a module file, next to the registry's built-in games. Browser-safe: this
 * module only keeps the table and reads ids; loading a module from disk is game-modules.ts (Node).
 *
 * A user game's id, as stored in an experiment's config and so in every results record, says which
 * game it is and which version of it:
 *   `<game id>@file:///abs/path/my-game.mjs#sha256=<64 hex digits>`
 * Records of two versions of a game module therefore have different configs, which `merge` and
 * `--resume` refuse to combine. Built-in game ids never contain '@'.
 *
 * What a thread registers here depends on where it is: a lab worker imports the module and
 * registers the game itself; the calling thread of a run never runs the module's code and registers
 * only its facts (title, seats, agents: `GameFacts`), read in a probe thread of its own, enough to
 * plan the run and write its report.
 */
import type { AgentFactory, GameDefinition, GameState } from '../core/game.js';

const USER_GAME_ID = /^([a-z0-9][a-z0-9-]*)@(file:\/\/.+)#sha256=([0-9a-f]{64})$/s;

export const isUserGameId = (id: string): boolean => USER_GAME_ID.test(id);

/** The module a user game id names: its file URL and sha256, or undefined for a built-in id. */
export function userGameModuleOf(id: string): { readonly gameId: string; readonly url: string; readonly sha256: string } | undefined {
  const match = USER_GAME_ID.exec(id);
  return match === null ? undefined : { gameId: match[1]!, url: match[2]!, sha256: match[3]! };
}

/** What the calling thread knows of a game module it did not run: data only, as a probe thread reads it. */
export interface GameFacts extends Pick<GameDefinition, 'id' | 'title' | 'numPlayers' | 'outcome' | 'scoreRange' | 'maxActions' | 'maxGameLength' | 'chanceFree'> {
  /** Each agent's description and flags, and the `name` its agents carry (reports print it). */
  readonly agents: Readonly<Record<string, { readonly description: string; readonly name: string; readonly seesHidden?: boolean; readonly deterministic?: boolean }>>;
}

const table = new Map<string, GameDefinition<GameState>>();

export function registerUserGame(id: string, game: GameDefinition<GameState>): void {
  if (!isUserGameId(id)) throw new RangeError(`Not a user game id: '${id}'`);
  table.set(id, game);
}

export const userGameDefinition = (id: string): GameDefinition<GameState> | undefined => table.get(id);

/**
 * A definition made of a game module's facts, for the thread that plans a run and reports it: its
 * states and agents exist only where the module is imported (the lab's workers), so asking for one
 * here is an error that says so.
 */
export function definitionOfFacts(facts: GameFacts): GameDefinition<GameState> {
  const elsewhere = (): never => {
    throw new Error(`The game '${facts.title}' is a module: it plays only on the lab's worker threads, which import it`);
  };
  const agents: Record<string, AgentFactory> = Object.create(null) as Record<string, AgentFactory>;
  for (const [id, { name, ...agent }] of Object.entries(facts.agents)) {
    // A report reads an agent's name; its moves are played only where the module is imported.
    agents[id] = { ...agent, create: () => ({ name, act: elsewhere }) };
  }
  return {
    id: facts.id,
    title: facts.title,
    numPlayers: facts.numPlayers,
    outcome: facts.outcome,
    scoreRange: facts.scoreRange,
    maxActions: facts.maxActions,
    maxGameLength: facts.maxGameLength,
    ...(facts.chanceFree === undefined ? {} : { chanceFree: facts.chanceFree }),
    agents,
    newInitialState: elsewhere,
  };
}
