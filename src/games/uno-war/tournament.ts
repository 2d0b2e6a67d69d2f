import { assertSeed, deriveSeed, freshSeed } from '../../core/random.js';
import { wilsonInterval, type Interval } from '../../core/stats.js';
import { AI, BiggestCardAI, SmallestCardAI } from './ai.js';
import { UnoWarMatch } from './match.js';

export interface TournamentOptions {
  /** Games per ordered pair (default 1,000, the assignment's suggestion). */
  readonly games?: number;
  /** Makes the whole tournament replayable; none picks a fresh one (see `Tournament.seed`). */
  readonly seed?: number;
}

/** One ordered pairing: `ai1` (who starts round 1) against `ai2`. */
export interface PairingResult {
  readonly ai1: string;
  readonly ai2: string;
  readonly games: number;
  /** Games ai1 won. */
  readonly wins: number;
  /** wins / games. */
  readonly winRate: number;
  /** 95% Wilson interval of ai1's win rate. */
  readonly interval: Interval;
}

/** The assignment's three AIs, in the assignment's order. */
export function defaultAIs(): AI[] {
  return [new AI(), new SmallestCardAI(), new BiggestCardAI()];
}

/** `Random Card AI vs. Smallest Card AI winRate: 0.002` (the assignment's line; three decimals). */
export function formatPairing(result: PairingResult): string {
  return `${result.ai1} vs. ${result.ai2} winRate: ${result.winRate.toFixed(3)}`;
}

/**
 * Every ordered pair of AIs, each AI against itself too, so each pairing is seen from both seats
 * (who starts round 1 matters). Pure and sequential: the pairing at position p (row-major) plays
 * `new UnoWarMatch(ai1, ai2, { seed: deriveSeed(seed, p) })`, so a result depends on the seed and
 * its position only.
 */
export class Tournament {
  readonly #ais: readonly AI[];
  readonly games: number;
  readonly seed: number;

  constructor(ais: readonly AI[] = defaultAIs(), options: TournamentOptions = {}) {
    if (ais.length === 0) throw new RangeError('Tournament: give at least one AI');
    const games = options.games ?? 1000;
    if (!Number.isSafeInteger(games) || games < 1) throw new RangeError(`Tournament: games must be a positive integer, got ${String(games)}`);
    this.seed = options.seed ?? freshSeed();
    assertSeed(this.seed);
    this.#ais = [...ais];
    this.games = games;
  }

  /** Plays every pairing, row by row (ai1 outer, ai2 inner). */
  run(): PairingResult[] {
    const results: PairingResult[] = [];
    const n = this.#ais.length;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const ai1 = this.#ais[i]!;
        const ai2 = this.#ais[j]!;
        const match = new UnoWarMatch(ai1, ai2, { seed: deriveSeed(this.seed, i * n + j) });
        let wins = 0;
        for (let g = 0; g < this.games; g++) if (match.playGame()) wins++;
        results.push({ ai1: ai1.toString(), ai2: ai2.toString(), games: this.games, wins, winRate: wins / this.games, interval: wilsonInterval(wins, this.games) });
      }
    }
    return results;
  }

  /** The assignment's report: one `… vs. … winRate: …` line per pairing. */
  report(): string {
    return this.run().map(formatPairing).join('\n');
  }
}
