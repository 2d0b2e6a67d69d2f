import { Card } from '../../core/cards.js';
import { assertSeed, assertSeedLike, deriveSeed, freshSeed, rngFromSeed, type Rng, type SeedLike } from '../../core/random.js';
import type { AI } from './ai.js';
import { CardPile, readonlyCardPile, type ReadonlyCardPile } from './card-pile.js';
import { Deck } from './deck.js';
import { Hand, readonlyHand, type ReadonlyHand } from './hand.js';
import { HAND_SIZE, WINNING_SCORE } from './rules.js';

/** Why a round ended: the player to move returned null, or a card it may not play, or a card it does not hold, or threw. */
export type RoundEnd = 'no-play' | 'illegal-card' | 'not-in-hand' | 'threw';

/** One round as played (players are 1 = ai1, 2 = ai2). */
export interface RoundRecord {
  readonly starter: 1 | 2;
  /** The card that started the pile. */
  readonly firstCard: Card;
  /** The cards played onto the pile, in order (players alternate from `starter`). */
  readonly plays: readonly Card[];
  readonly winner: 1 | 2;
  /** What the loser did. */
  readonly end: RoundEnd;
}

export interface GameRecord {
  readonly ai1Won: boolean;
  /** The seed of this game: `new UnoWarMatch(a, b, { seed })` plays game k from `deriveSeed(seed, k)`. */
  readonly seed: number;
  readonly rounds: readonly RoundRecord[];
}

export interface UnoWarMatchOptions {
  /**
   * A number makes the match replayable (game k is dealt from `deriveSeed(seed, k)`, the same deal
   * the engine plays from `rngFromSeed(deriveSeed(seed, k))`); a generator supplies each game's
   * seed; none picks a fresh seed (see `seed`).
   */
  readonly seed?: SeedLike;
}

/**
 * Two AIs playing UnoWar, one game (`playGame`) or many (`winRate`). Each game builds its own deck,
 * hands and piles; the match keeps only the AIs and where it is in its seed sequence.
 *
 * The match, not the AIs, removes played cards: an AI sees read-only views, and one that returns a
 * card it does not hold, a card that may not be played, or that throws, loses the round — it can
 * never corrupt a game.
 */
export class UnoWarMatch {
  readonly #ais: readonly [AI, AI];
  /** The match's seed when it was given a number or none (undefined when given a generator). */
  readonly seed: number | undefined;
  readonly #seedSource: Rng | undefined;
  #gamesPlayed = 0;

  constructor(ai1: AI, ai2: AI, options: UnoWarMatchOptions = {}) {
    for (const [ai, what] of [[ai1, 'ai1'], [ai2, 'ai2']] as const) {
      if (typeof (ai as Partial<AI> | null)?.getPlay !== 'function') throw new TypeError(`UnoWarMatch: ${what} is not an AI (it has no getPlay method)`);
    }
    this.#ais = [ai1, ai2];
    const seed = options.seed;
    assertSeedLike(seed);
    if (seed === undefined || typeof seed === 'number') {
      this.seed = seed ?? freshSeed();
      assertSeed(this.seed);
    } else {
      this.#seedSource = seed;
    }
  }

  /** Games played so far; the next game is dealt from `deriveSeed(seed, gamesPlayed)`. */
  get gamesPlayed(): number {
    return this.#gamesPlayed;
  }

  /** Plays one game; true iff ai1 wins. */
  playGame(): boolean {
    return this.#play(this.#nextGameSeed(), null);
  }

  /** Plays one game and returns it round by round (for tests, replays and curious humans). */
  playGameRecorded(): GameRecord {
    const seed = this.#nextGameSeed();
    const rounds: RoundRecord[] = [];
    const ai1Won = this.#play(seed, rounds);
    return { ai1Won, seed, rounds };
  }

  /**
   * Plays `nTrials` games and returns the fraction ai1 won, in [0, 1].
   * @throws RangeError unless nTrials is a positive integer
   */
  winRate(nTrials: number): number {
    if (!Number.isSafeInteger(nTrials) || nTrials < 1) throw new RangeError(`winRate: nTrials must be a positive integer, got ${String(nTrials)}`);
    let wins = 0;
    for (let i = 0; i < nTrials; i++) if (this.playGame()) wins++;
    return wins / nTrials;
  }

  #nextGameSeed(): number {
    const index = this.#gamesPlayed++;
    if (this.#seedSource === undefined) return deriveSeed(this.seed!, index);
    // Two 32-bit draws make a 53-bit seed.
    const high = (this.#seedSource.next() >>> 0) & 0x1f_ffff;
    return high * 0x1_0000_0000 + (this.#seedSource.next() >>> 0);
  }

  #play(seed: number, record: RoundRecord[] | null): boolean {
    const deck = new Deck(rngFromSeed(seed));
    const hands = [new Hand(deck, HAND_SIZE), new Hand(deck, HAND_SIZE)] as const;
    const views = [readonlyHand(hands[0]), readonlyHand(hands[1])] as const;
    const scores = [0, 0];
    let starter = 0; // ai1 starts round 1; afterwards the last round's winner
    while (scores[0]! < WINNING_SCORE && scores[1]! < WINNING_SCORE) {
      // A new pile each round; hands and deck carry over.
      const firstCard = deck.draw();
      const pile = new CardPile(firstCard);
      const pileView = readonlyCardPile(pile);
      const plays: Card[] | null = record === null ? null : [];
      let player = starter;
      let end: RoundEnd;
      for (;;) {
        const choice = this.#ask(player, views[player]!, pileView);
        if (typeof choice === 'string') {
          end = choice;
          break;
        }
        if (!pile.canPlay(choice)) {
          end = 'illegal-card';
          break;
        }
        // remove() changes nothing when the card is not held, so a bluff costs only the round.
        if (!hands[player]!.remove(choice)) {
          end = 'not-in-hand';
          break;
        }
        pile.play(choice);
        plays?.push(choice);
        player ^= 1;
      }
      const winner = player ^ 1;
      scores[winner]!++;
      if (record !== null) record.push({ starter: starter === 0 ? 1 : 2, firstCard, plays: plays!, winner: winner === 0 ? 1 : 2, end });
      starter = winner;
    }
    return scores[0] === WINNING_SCORE;
  }

  /** The AI's card, or why it has none. */
  #ask(player: number, hand: ReadonlyHand, pile: ReadonlyCardPile): Card | RoundEnd {
    let choice: unknown;
    try {
      choice = this.#ais[player]!.getPlay(hand, pile);
    } catch {
      return 'threw';
    }
    if (choice === null || choice === undefined) return 'no-play';
    return choice instanceof Card ? choice : 'illegal-card';
  }

  toString(): string {
    return `${this.#ais[0].toString()} vs. ${this.#ais[1].toString()}`;
  }
}

