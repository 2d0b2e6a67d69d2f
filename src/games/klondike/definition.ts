import type { GameDefinition } from '../../core/game.js';
import { createGreedyAgent, createRandomAgent } from './agents.js';
import { decodeAction, KlondikeConfig, KlondikeState, type KlondikeOptions } from './engine.js';
import { passesWords } from './rule-set.js';
import { SUIT, VALUE } from './rules.js';
import { klondikeUserPlayers } from './user-players.js';
import { klondikeProtocol } from './protocol.js';
import { moveWords } from './words.js';
import { createPlannerAgent, DEFAULT_PLANNER } from './solver/commitment-player.js';
import { createSamplerAgent, createSolverAgent, DEFAULT_SAMPLER, DEFAULT_STANDARD_SAMPLER, type SamplerOptions } from './solver/players.js';

/**
 * A Klondike variant for the lab: one player, score = cards on the foundations (0..deck size), the
 * deal by chance one card at a time, face-down and never-shown stock cards hidden from the player.
 * Any deck of the spec (`deck`, e.g. `deckOfRuns('♣♡♣', 6)`), pile count and draw size. See engine.ts
 * for the action encoding and the termination rule.
 */
export function makeKlondikeGame(options: KlondikeOptions = {}): GameDefinition<KlondikeState> {
  const config = new KlondikeConfig(options);
  if (config.standardRules) return standardRulesGame(config);
  const standard = config.piles === 7 && config.draw === 3 && config.idleLimit === 100 && config.standardDeck;
  const deckId = config.standardDeck ? '' : `-${runsName(config)}`;
  const deckTitle = config.standardDeck ? '' : `, deck ${runsName(config)}`;
  return labGame(
    config,
    standard ? 'klondike' : `klondike-p${String(config.piles)}-d${String(config.draw)}-i${String(config.idleLimit)}${deckId}`,
    standard ? 'Klondike' : `Klondike (${String(config.piles)} piles, draw ${String(config.draw)}, idle limit ${String(config.idleLimit)}${deckTitle})`,
    {
      random: { description: 'a uniformly random legal move', create: createRandomAgent },
      greedy: { description: 'foundation moves, then moves turning up face-down cards, then draw to pile, else a random discard or pile move', create: createGreedyAgent },
      ...solverPlayers(DEFAULT_SAMPLER),
    },
  );
}

/** The lab game of a variant: what every Klondike variant shares, with its id, title and players. */
function labGame(config: KlondikeConfig, id: string, title: string, agents: GameDefinition<KlondikeState>['agents']): GameDefinition<KlondikeState> {
  return {
    id,
    title,
    numPlayers: 1,
    outcome: 'score',
    userPlayers: klondikeUserPlayers,
    variantById: klondikeGameById,
    moveName: (state, action) => moveWords(state, decodeAction(state.config, action)),
    defaultLineup: { players: ['random', 'greedy'], games: 1000 },
    defaultSprt: { a: 'greedy', b: 'random', maxGames: 100_000, delta1: 1 },
    // Every variant speaks Klondike's protocol (the deal's settings come with the deal).
    lineProtocol: klondikeProtocol,
    // Its top score is a won deal: the won share, with its CI, is the figure players ask for.
    topScoreName: 'won',
    scoreRange: [0, config.deckSize],
    maxActions: Math.max(config.numActions, config.deckSize),
    maxGameLength: config.maxGameLength,
    newInitialState: () => new KlondikeState(config),
    agents,
    deserialize: (text) => KlondikeState.deserialize(text, config),
  };
}

const STANDARD_ID = /^klondike-standard-d(\d{1,2})-p(\d{1,2}|u)-(standard|vegas)$/;

/**
 * Klondike under the standard rules for the lab (7 piles, the standard deck, 100 idle moves end a
 * game): draw and passes as given. Its id names them (`klondike-standard-d3-pu-standard`: draw 3,
 * unlimited passes), so worker threads rebuild it from the id (`klondikeGameById`). Its players are
 * the assignment game's, the solver-based ones on the standard rules' solver.
 */
function standardRulesGame(config: KlondikeConfig): GameDefinition<KlondikeState> {
  if (config.piles !== 7 || config.idleLimit !== 100 || !config.standardDeck) throw new RangeError('The standard-rules Klondike of the lab has 7 piles, the standard deck and an idle limit of 100');
  const passes = config.passes === Infinity ? 'u' : String(config.passes);
  return labGame(config, `klondike-standard-d${String(config.draw)}-p${passes}-${config.scoring}`, `Klondike (standard rules, draw ${String(config.draw)}, ${passesWords(config.passes)})`, {
    random: { description: 'a uniformly random legal move', create: createRandomAgent },
    greedy: { description: 'foundation moves, then moves turning up face-down cards, then waste to pile, else a random turn of the stock or pile move', create: createGreedyAgent },
    ...solverPlayers(DEFAULT_STANDARD_SAMPLER),
    planner: {
      description: `honest: weighs each move it cannot take back (a card turned up, played from the stock or put up for good) by solving ${String(DEFAULT_PLANNER.samples)} deals drawn consistent with what it has seen after it (${DEFAULT_PLANNER.maxStates.toLocaleString('en-US')} positions each, ${DEFAULT_PLANNER.retryStates.toLocaleString('en-US')} for a deal not decided within them), reaching it through moves it can take back`,
      create: () => createPlannerAgent(),
    },
  });
}

/** The players built on the variant's solver: the honest sampler with `budget`, and the solver that sees every card. */
function solverPlayers(budget: SamplerOptions & { readonly samples: number; readonly maxStates: number }): GameDefinition<KlondikeState>['agents'] {
  const retry = budget.retryStates === undefined ? '' : `, ${budget.retryStates.toLocaleString('en-US')} when none is won`;
  return {
    sampler: {
      description: `honest: solves ${String(budget.samples)} deals drawn consistent with what it has seen (${budget.maxStates.toLocaleString('en-US')} positions each${retry}) whenever a card turns up, and plays the move most winning lines start with`,
      create: () => createSamplerAgent(budget),
    },
    solver: { description: 'sees every card (a bound, not a player): plays the solver’s winning line, else as greedy', seesHidden: true, create: () => createSolverAgent() },
  };
}

/** The standard-rules Klondike game with this id (see `standardRulesGame`), or undefined for another id. */
export function klondikeGameById(id: string): GameDefinition<KlondikeState> | undefined {
  const match = STANDARD_ID.exec(id);
  if (match === null) return undefined;
  const draw = Number(match[1]);
  const passes = match[2] === 'u' ? Infinity : Number(match[2]);
  if (draw < 1 || passes < 1) return undefined;
  return makeKlondikeGame({ rules: 'standard', draw, passes, scoring: match[3] as 'standard' | 'vegas' });
}

/** A deck's runs as text: the suit of each run (one letter of c d h s per Ace), then the run length, e.g. `cch5`. */
function runsName(config: KlondikeConfig): string {
  let suits = '';
  for (const c of config.composition) if (VALUE[c] === 1) suits += 'cdhs'[SUIT[c]!]!;
  return `${suits}${String(config.deckSize / config.foundations)}`;
}

/** Standard Klondike for the lab: 7 piles, 3 draw cards shown, 100 idle moves end a game. */
export const klondikeGame: GameDefinition<KlondikeState> = makeKlondikeGame();
