/**
 * The ConnectFwar page's model, pure functions over the engine (src/games/connect-fwar): the
 * address, replaying a deal, a strategy's moves on the same deal, why a column is illegal.
 *
 * A deal is its seed: the cards come from the chance stream `rngFromSeed(seed)` (the deal of
 * `tabletop connect-fwar play --seed N`). The cards never depend on the moves, so the person and
 * every strategy play the very same deal. A strategy that draws random numbers (random) gets its
 * own stream, `rngFromSeed(deriveSeed(seed, 1))`: the lab's split of chance and agents for paired
 * games, so its choices never change the deal.
 */
import { CHANCE } from '../../../src/core/game.js';
import { assertSeed, deriveSeed, rngFromSeed, type Rng } from '../../../src/core/random.js';
import { connectFwarGame } from '../../../src/games/connect-fwar/definition.js';
import { ConnectFwarState, EMPTY } from '../../../src/games/connect-fwar/engine.js';
import { COLUMN_CHOICES, columnRefusal, connectedFours, moveName, parseMove } from '../../../src/games/connect-fwar/notation.js';
import { COLUMNS, DISCARD, ROWS } from '../../../src/games/connect-fwar/rules.js';
import { newSeed, seedFromParams } from '../seed.js';
import { COACH_OFF, parseCoachParams, setCoachParams, type CoachState } from '../coach/state.js';

export { newSeed };

export { COLUMNS, DISCARD, ROWS, EMPTY };

/**
 * The strategies a person can watch: the game's own registry, so new agents appear by themselves —
 * less those that read hidden cards (a bound such as `clairvoyant` reads the deal from the game's
 * own random stream, which the page keeps apart from the players').
 */
export const STRATEGIES: readonly { readonly id: string; readonly description: string }[] = Object.entries(connectFwarGame.agents)
  .filter(([, entry]) => entry.seesHidden !== true)
  .map(([id, entry]) => ({ id, description: entry.description }));

export const SPEEDS = { slow: 800, normal: 350, fast: 60 } as const;
export type Speed = keyof typeof SPEEDS;

export interface PageState {
  readonly seed: number;
  /** The person's moves so far: columns 0..3 or DISCARD. */
  readonly moves: readonly number[];
  readonly strategy: string;
  readonly speed: Speed;
  /** The coach's toggles (off when absent). */
  readonly coach?: CoachState;
}

/** One move as the address writes it: `1`..`4` or `d` (the game's notation for people). */
export const moveChar = moveName;

/** The page's state from its address; anything unusable is named in `problems` and defaulted. */
export function parseSearch(search: string, makeSeed: () => number = newSeed): { state: PageState; problems: string[] } {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const seed = seedFromParams(params, problems, makeSeed);

  const moves: number[] = [];
  const movesText = params.get('moves') ?? '';
  assertSeed(seed, 'deal number');
  const chance = rngFromSeed(seed);
  const state = new ConnectFwarState();
  state.applyAction(state.sampleChance(chance));
  for (const [i, ch] of [...movesText.toLowerCase()].entries()) {
    const move = parseMove(ch) ?? NaN;
    const why = Number.isNaN(move) ? `"${ch}" is not a move (${COLUMN_CHOICES} or d)` : state.isTerminal() ? 'the deal was already over' : illegalReason(state, move);
    if (why !== null) {
      problems.push(`The moves "${movesText}" stop making sense at move ${String(i + 1)}: ${why}. The deal continues from move ${String(i)}.`);
      break;
    }
    applyMove(state, move, chance);
    moves.push(move);
  }

  let strategy = params.get('strategy') ?? 'basic';
  if (!STRATEGIES.some((s) => s.id === strategy)) {
    problems.push(`There is no strategy "${strategy}" (known: ${STRATEGIES.map((s) => s.id).join(', ')}): basic is shown.`);
    strategy = 'basic';
  }
  let speed = (params.get('speed') ?? 'normal') as Speed;
  if (!Object.hasOwn(SPEEDS, speed)) {
    problems.push(`The speed "${String(speed)}" is not one of ${Object.keys(SPEEDS).join(', ')}: normal is used.`);
    speed = 'normal';
  }
  const coach = parseCoachParams(params, problems);
  return { state: { seed, moves, strategy, speed, coach }, problems };
}

export function toSearch(state: PageState): string {
  const params = new URLSearchParams({ seed: String(state.seed) });
  if (state.moves.length > 0) params.set('moves', state.moves.map(moveChar).join(''));
  params.set('strategy', state.strategy);
  if (state.speed !== 'normal') params.set('speed', state.speed);
  setCoachParams(params, state.coach ?? COACH_OFF);
  return `?${params.toString()}`;
}

/** Plays `move` and, unless the game is over, draws the next card from `chance`. */
function applyMove(state: ConnectFwarState, move: number, chance: Rng): void {
  state.applyAction(move);
  if (state.currentPlayer() === CHANCE) state.applyAction(state.sampleChance(chance));
}

/** The deal `seed` after `moves` (each one legal; throws otherwise), with the next card in hand. */
export function replayDeal(seed: number, moves: readonly number[]): ConnectFwarState {
  const state = new ConnectFwarState();
  const chance = rngFromSeed(seed);
  state.applyAction(state.sampleChance(chance));
  for (const move of moves) applyMove(state, move, chance);
  return state;
}

/** Why the card in hand cannot go on column `col`, in words; null when it can. */
export function illegalReason(state: ConnectFwarState, col: number): string | null {
  if (state.drawn === EMPTY) return 'there is no card in hand';
  if (col === DISCARD) return null;
  return columnRefusal(state.drawn, col, state.heights[col]!, state.topCard(col));
}

/** The columns the card in hand may go on. */
export function legalColumns(state: ConnectFwarState): number[] {
  if (state.drawn === EMPTY) return [];
  return Array.from({ length: COLUMNS }, (_, col) => col).filter((col) => state.canPlay(state.drawn, col));
}

/** The cells (`col * 4 + row`) of every connected four on the board. */
export function winningCells(state: ConnectFwarState): Set<number> {
  return new Set(connectedFours(state.cells).flat());
}

/** `cells[col][row]`, row 0 at the bottom: a card index or null. */
export function boardCells(state: ConnectFwarState): (number | null)[][] {
  return Array.from({ length: COLUMNS }, (_, col) =>
    Array.from({ length: ROWS }, (_, row) => {
      const card = state.cells[col * ROWS + row]!;
      return card === EMPTY ? null : card;
    }),
  );
}

/** How a finished deal ended, in words, with its score; null while it goes on. */
export function outcomeText(state: ConnectFwarState): string | null {
  if (!state.isTerminal()) return null;
  return winningCells(state).size > 0 ? `four connect, score ${String(state.score)}` : 'the deck ran out, score 0';
}

/**
 * Every move strategy `id` makes on deal `seed`, to the end of the deal: the lab's paired playout
 * (chance from the seed, the agent on its own stream), so the last state's score is the lab's.
 */
export function strategyMoves(seed: number, id: string): number[] {
  const entry = Object.hasOwn(connectFwarGame.agents, id) ? connectFwarGame.agents[id] : undefined;
  if (entry === undefined) throw new RangeError(`Unknown ConnectFwar strategy '${id}'`);
  const agent = entry.create();
  const state = new ConnectFwarState();
  const chance = rngFromSeed(seed);
  const agentRng = rngFromSeed(deriveSeed(seed, 1));
  const moves: number[] = [];
  while (!state.isTerminal()) {
    if (state.currentPlayer() === CHANCE) {
      state.applyAction(state.sampleChance(chance));
    } else {
      const move = agent.act(state, agentRng);
      state.applyAction(move);
      moves.push(move);
    }
  }
  return moves;
}
