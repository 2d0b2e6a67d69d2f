import { Card } from '../../core/cards.js';
import { assertSeed, assertSeedLike, deriveSeed, freshSeed, rngFromSeed, type Rng, type SeedLike } from '../../core/random.js';
import { builtInAIPolicy, type AI } from './ai.js';
import { BUILT_IN_AGENTS, Policy, bestSlot } from './agents.js';
import { enginePileView, type ReadonlyCardPile } from './card-pile.js';
import { Phase, UnoWarState } from './engine.js';
import { engineHandView, type ReadonlyHand } from './hand.js';
import { HAND_SIZE, canPlayOn } from './rules.js';

const NO_CARD = -1;

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
 * Two AIs playing UnoWar, one game (`playGame`) or many (`winRate`): a face over the engine
 * (`UnoWarState`), which holds the deck, the hands and the pile and applies every rule — dealing,
 * refilling the played slot, who starts, when a round and the game end. The match only asks the AIs
 * and turns their cards into the engine's actions.
 *
 * The match, not the AIs, plays the cards: an AI sees read-only views of its hand and of the pile
 * (over the engine's state), and one that returns a card it does not hold, a card that may not be
 * played, or not a card, or that throws, loses the round — it can never corrupt a game. A player
 * with no playable card is still asked (the assignment asks every turn) and loses the round.
 *
 * The assignment's own three AI classes (their `getPlay` not overridden) are not asked: the engine
 * computes the very card they would return (`builtInAIPolicy`), as the lab does for its agents;
 * when neither AI is asked and no record is kept (`playGame`, `winRate`), the game is the engine's
 * own playout of the matching agents (`playToEnd`).
 */
export class UnoWarMatch {
  readonly #ais: readonly [AI, AI];
  /** The match's seed when it was given a number or none (undefined when given a generator). */
  readonly seed: number | undefined;
  readonly #seedSource: Rng | undefined;
  #gamesPlayed = 0;
  /** The game being played: the engine's state, reused game after game (reset first). */
  readonly #state = new UnoWarState();
  /** What each AI is shown: read-only views of its own hand and of the pile, over `#state`. */
  readonly #hands: readonly [ReadonlyHand, ReadonlyHand] = [engineHandView(this.#state, 0), engineHandView(this.#state, 1)];
  readonly #pile: ReadonlyCardPile = enginePileView(this.#state);

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
    const state = this.#state;
    state.reset();
    const rng = rngFromSeed(seed);
    let starter = 0;
    let firstCard = NO_CARD;
    let plays: Card[] | null = null;
    // The assignment's own AIs choose as the engine's inline policies do: no need to ask them.
    const policy0 = builtInAIPolicy(this.#ais[0]);
    const policy1 = builtInAIPolicy(this.#ais[1]);
    if (record === null && policy0 !== Policy.Custom && policy1 !== Policy.Custom) {
      // Nobody to ask and nothing to record: the engine's own playout of the agents these classes
      // are faces of (`BUILT_IN_AGENTS`) is this very game, deal for deal (tested).
      state.playToEnd([BUILT_IN_AGENTS[policy0], BUILT_IN_AGENTS[policy1]], rng);
      return state.winner() === 0;
    }
    for (;;) {
      const phase = state.phase;
      if (phase === Phase.Over) break;
      let end: RoundEnd;
      if (phase === Phase.Play) {
        const player = state.toMove;
        const policy = player === 0 ? policy0 : policy1;
        const choice = policy !== Policy.Custom ? bestSlot(policy, state.hands, player * HAND_SIZE, state.top) : this.#judge(player, this.#ask(player));
        if (typeof choice === 'number') {
          plays?.push(Card.fromIndex(state.handCard(player, choice)));
          state.applyAction(choice);
          continue;
        }
        end = choice;
        state.concedeRound();
      } else {
        if (phase === Phase.Pile) starter = state.starter;
        const rounds = state.rounds;
        const card = state.dealNext(rng);
        if (phase === Phase.Pile) {
          firstCard = card;
          plays = record === null ? null : [];
        }
        if (state.rounds === rounds) continue;
        // The engine ended the round: the player to move holds no playable card. The assignment still
        // asks it (and an AI may keep a diary of what it saw); whatever it answers loses the round.
        const loser = state.lastRoundWinner ^ 1;
        if ((loser === 0 ? policy0 : policy1) !== Policy.Custom) {
          end = 'no-play'; // what the assignment's AIs answer without a playable card
        } else {
          // No card it holds can be played, so the verdict is never a slot.
          const verdict = this.#judge(loser, this.#ask(loser));
          end = typeof verdict === 'number' ? 'no-play' : verdict;
        }
      }
      if (record !== null) {
        const winner = state.lastRoundWinner;
        record.push({ starter: starter === 0 ? 1 : 2, firstCard: Card.fromIndex(firstCard), plays: plays!, winner: winner === 0 ? 1 : 2, end });
      }
    }
    return state.winner() === 0;
  }

  /** The AI's card, or why it has none. */
  #ask(player: number): Card | RoundEnd {
    let choice: unknown;
    try {
      choice = this.#ais[player]!.getPlay(this.#hands[player]!, this.#pile);
    } catch {
      return 'threw';
    }
    if (choice === null || choice === undefined) return 'no-play';
    return choice instanceof Card ? choice : 'illegal-card';
  }

  /**
   * The engine's slot for `player`'s answer, or why it loses the round: a card that may not go on the
   * pile, then a card not in the hand (the order of the assignment's checks). Playing a card means
   * its first slot, as `Hand.remove(card)` replaces the first slot holding it.
   */
  #judge(player: number, choice: Card | RoundEnd): number | RoundEnd {
    if (typeof choice === 'string') return choice;
    const state = this.#state;
    if (!canPlayOn(state.top, choice.index)) return 'illegal-card';
    const slot = state.slotOfCard(player, choice.index);
    return slot < 0 ? 'not-in-hand' : slot;
  }

  toString(): string {
    return `${this.#ais[0].toString()} vs. ${this.#ais[1].toString()}`;
  }
}

