/**
 * What the conformance suite checks beyond the contract for each registered game, by game id: a
 * consistency invariant at every node, agents too slow for whole playouts, what a determinisation
 * must agree with. A game without an entry gets the suite as it is (src/lab/registry.test.ts runs
 * it over every game the registry holds).
 */
import { expect } from 'vitest';
import { UNSEEN, type KlondikeState } from '../games/klondike/engine.js';
import { Card } from '../games/klondike/card.js';
import type { ConnectFwarState } from '../games/connect-fwar/engine.js';
import { connectFourGame } from '../games/connect-four/definition.js';
import { CELLS, type Position } from '../games/connect-four/position.js';
import { Phase, type UnoWarState } from '../games/uno-war/engine.js';
import type { GameState } from '../core/game.js';
import type { ConformanceOptions } from './conformance.js';
import { sampleAgreesWithWhatPlayerSaw } from './uno-war-sight.js';

const buffer = new Int32Array(52);

/**
 * Every card of the deck is in exactly one place (a pile, the stock, a foundation, or not dealt
 * yet), the score counts the foundations, and after the deal every non-empty pile ends face-up.
 * Checked at every node of the conformance playouts, so it throws (cheaply) rather than calling
 * expect() per card.
 */
export function expectEveryCardOnce(s: KlondikeState): void {
  const counts = new Int32Array(52);
  const fail = (why: string): never => {
    throw new Error(`${why}\n${s.serialize()}`);
  };
  for (const c of s.config.composition) counts[c]!++;
  const take = (c: number): void => {
    if (c === UNSEEN) return;
    if (counts[c]!-- === 0) fail(`card ${Card.fromIndex(c).toString()} is in more places than the deck has copies`);
  };
  const { piles, rows, stockSize } = s.config;
  let undealt = 0;
  for (let p = 0; p < piles; p++) {
    for (let r = 0; r < s.heights[p]!; r++) {
      const c = s.cells[p * rows + r]!;
      if (c === UNSEEN) undealt++;
      take(c);
    }
    if (s.dealt === s.config.deckSize && s.heights[p]! > 0 && s.hidden[p]! >= s.heights[p]!) fail(`pile ${String(p)} ends face-down`);
  }
  for (let i = 0; i < s.queueLength; i++) {
    const c = s.queue[(s.head + i) % stockSize]!;
    if (c === UNSEEN) undealt++;
    take(c);
  }
  let score = 0;
  for (const top of s.foundation) {
    if (top === UNSEEN) continue;
    const value = (top % 13) + 1;
    for (let v = 0; v < value; v++) take(top - v);
    score += value;
  }
  for (let i = 0; i < s.poolCount; i++) take(s.pool[i]!);
  if (counts.some((n) => n !== 0)) fail('a card is lost');
  if (undealt !== s.poolCount) fail(`${String(undealt)} places not dealt for ${String(s.poolCount)} cards left to deal`);
  if (score !== s.score) fail('the score does not count the foundations');
}


const connectFwar: ConformanceOptions<ConnectFwarState> = {
  invariant(s: ConnectFwarState) {
    // Nothing lost or duplicated: board + hand + undealt never repeat a card.
    const seen = new Set<number>();
    for (const c of s.cells) if (c >= 0) seen.add(c);
    const onBoard = s.cells.filter((c) => c >= 0).length;
    expect(seen.size).toBe(onBoard);
    for (let i = 0; i < s.remaining; i++) expect(seen.has(s.deck[i]!)).toBe(false);
  },
};

const unoWar: ConformanceOptions<UnoWarState> = {
  // The mcts agent plays whole games slowly (a search per move): checked for honesty here, for
  // strength in src/algorithms/mcts.test.ts.
  agents: ['random', 'smallest', 'biggest', 'counter'],
  honestAgents: ['random', 'smallest', 'biggest', 'counter', 'mcts'],
  // A sample never holds a card the player saw dealt from the same deck (card counting).
  sampleAgrees: sampleAgreesWithWhatPlayerSaw,
  invariant(s: UnoWarState) {
    // Checked at every node, so plain loops that throw only on failure (expect() is slow here).
    // The deck array is always a permutation of the 52 cards, indexed by `position`.
    let seen = 0n;
    for (let i = 0; i < 52; i++) {
      const card = s.deck[i]!;
      if (s.position[card] !== i) throw new Error(`position[${String(card)}] is not ${String(i)}`);
      seen |= 1n << BigInt(card);
    }
    if (seen !== (1n << 52n) - 1n) throw new Error('the deck array is not a permutation of 0..51');
    if (s.scores[0]! + s.scores[1]! !== s.rounds) throw new Error('scores do not add up to the rounds played');
    // A player is only asked when they have a playable card.
    if (s.phase === Phase.Play && s.legalActions(buffer) === 0) throw new Error('a player node without a legal slot');
  },
};

const connectFour: ConformanceOptions<Position> = {
  // alphabeta4 to alphabeta6 search 30,000 to 6,000,000 positions a move: levels 1-3 share all their code.
  agents: Object.keys(connectFourGame.agents).filter((id) => !['alphabeta4', 'alphabeta5', 'alphabeta6'].includes(id)),
  invariant(state: Position) {
    // The picture, the move list and the counters tell the same story.
    expect(state.moves).toBe(state.toMoves().length);
    expect(state.moves).toBeLessThanOrEqual(CELLS);
    expect(state.toString().match(/[XO]/g)?.length ?? 0).toBe(state.moves);
  },
};

const klondike: ConformanceOptions<KlondikeState> = { invariant: expectEveryCardOnce, runs: 30 };

/** The extra checks by game id (each typed for its game's state). */
export const GAME_CHECKS: ReadonlyMap<string, ConformanceOptions<GameState>> = new Map([
  ['connect-fwar', connectFwar],
  ['uno-war', unoWar],
  ['connect-four', connectFour],
  ['klondike', klondike],
] as [string, ConformanceOptions<never>][] as [string, ConformanceOptions<GameState>][]);
