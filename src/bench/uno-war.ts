import type { Card } from '../core/cards.js';
import { AI, BiggestCardAI } from '../games/uno-war/ai.js';
import type { ReadonlyCardPile } from '../games/uno-war/card-pile.js';
import type { ReadonlyHand } from '../games/uno-war/hand.js';
import { unoWarGame } from '../games/uno-war/definition.js';
import { UnoWarMatch } from '../games/uno-war/match.js';
import { playoutBenchmark, type Benchmark } from './harness.js';

const PAIRINGS = [
  ['random', 'biggest', 'Random vs Biggest'],
  // Conservative play on both sides makes the longest games (about 11x the nodes of the above).
  ['smallest', 'smallest', 'Smallest vs Smallest'],
] as const;

/** Whole UnoWar games per second, one thread, through the same playOut the lab uses. */
export const unoWarBenchmarks: Benchmark[] = [
  // The checksum counts player 0's wins minus losses (returns are +1 / -1).
  ...PAIRINGS.map(([a, b, name]) => playoutBenchmark('UnoWar', name, unoWarGame, [a, b])),
  (() => {
    // The seed's classes (Deck, Hand, CardPile, UnoWarMatch) for comparison: the same games, slower.
    const match = new UnoWarMatch(new AI(), new BiggestCardAI(), { seed: 2024 });
    return {
      engine: 'UnoWar',
      name: 'Random vs Biggest (UnoWarMatch classes)',
      unit: 'games',
      run(count: number): number {
        let wins = 0;
        for (let i = 0; i < count; i++) if (match.playGame()) wins++;
        return wins;
      },
    };
  })(),
  (() => {
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
    const match = new UnoWarMatch(new AskedAI(), new AskedBiggest(), { seed: 2024 });
    return {
      engine: 'UnoWar',
      name: 'Random vs Biggest (UnoWarMatch, AIs asked)',
      unit: 'games',
      run(count: number): number {
        let wins = 0;
        for (let i = 0; i < count; i++) if (match.playGame()) wins++;
        return wins;
      },
    };
  })(),
];
