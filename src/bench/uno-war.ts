import type { Card } from '../core/cards.js';
import { AI, BiggestCardAI } from '../games/uno-war/ai.js';
import type { ReadonlyCardPile } from '../games/uno-war/card-pile.js';
import { unoWarGame } from '../games/uno-war/definition.js';
import type { ReadonlyHand } from '../games/uno-war/hand.js';
import { UnoWarMatch } from '../games/uno-war/match.js';
import { playoutBenchmark, type Benchmark } from './harness.js';

const PAIRINGS = [
  ['random', 'biggest', 'Random vs Biggest'],
  // Conservative play on both sides makes the longest games (about 11x the nodes of the above).
  ['smallest', 'smallest', 'Smallest vs Smallest'],
] as const;

/** Whole games per second through the assignment's classes: the same games as the engine's. */
function matchBenchmark(name: string, ai1: AI, ai2: AI): Benchmark {
  const match = new UnoWarMatch(ai1, ai2, { seed: 2024 });
  return {
    engine: 'UnoWar',
    name,
    unit: 'games',
    run(count: number): number {
      let wins = 0;
      for (let i = 0; i < count; i++) if (match.playGame()) wins++;
      return wins;
    },
  };
}

// The same AIs as subclasses overriding getPlay: the match asks them every turn through the
// read-only views, as it asks any user's AI (the classes' own AIs are computed inline).
class AskedAI extends AI {
  override getPlay(hand: ReadonlyHand, pile: ReadonlyCardPile): Card | null {
    return super.getPlay(hand, pile);
  }
}
class AskedBiggest extends BiggestCardAI {
  override getPlay(hand: ReadonlyHand, pile: ReadonlyCardPile): Card | null {
    return super.getPlay(hand, pile);
  }
}

/** Whole UnoWar games per second, one thread, through the same playOut the lab uses. */
export const unoWarBenchmarks: Benchmark[] = [
  // The checksum counts player 0's wins minus losses (returns are +1 / -1).
  ...PAIRINGS.map(([a, b, name]) => playoutBenchmark('UnoWar', name, unoWarGame, [a, b])),
  matchBenchmark('Random vs Biggest (UnoWarMatch classes)', new AI(), new BiggestCardAI()),
  matchBenchmark('Random vs Biggest (UnoWarMatch, AIs asked)', new AskedAI(), new AskedBiggest()),
];
