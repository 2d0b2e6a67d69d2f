/**
 * `uno-war play --coach` and `--training` on the terminal: the game module's coach
 * (games/uno-war/coach.ts) rates each card the person chooses; this file words its ratings and
 * keeps them for the summary.
 */
import { deriveSeed } from '../../core/random.js';
import type { UnoWarAgent } from '../../games/uno-war/agents.js';
import { rateDecision, summarize, warmUpCoach, type Rating } from '../../games/uno-war/coach.js';
import { chanceText, costlyDecisionText, equalCardsText, judgement, totalCostText } from '../../games/uno-war/coach-text.js';
import type { UnoWarState } from '../../games/uno-war/engine.js';
import { summaryLines } from '../coach-text.js';

/** Keeps the coach's samples apart from the deal's own random stream (the same seed). */
const COACH_STREAM = 0x636f_6163;

export class UnoCoach {
  readonly #ratings: { readonly rating: Rating; readonly before: string }[] = [];
  #pending: { readonly key: string; readonly ratings: Map<number, Rating> } | undefined;

  /**
   * @param name how a card is named (with colour on a terminal)
   * @param replay the command that replays the game with these answers first (`--moves`)
   */
  constructor(
    private readonly seed: number,
    private readonly opponent: UnoWarAgent,
    private readonly name: (card: number) => string,
    private readonly replay: (answers: string) => string,
  ) {
    // Before the first board: the first rating need not compile the play-outs.
    warmUpCoach();
  }

  /** The rating of playing `card` now; `answers` are the person's answers so far (--moves), which identify the decision. */
  rate(state: UnoWarState, card: number, answers: string): Rating {
    if (this.#pending?.key !== answers) this.#pending = { key: answers, ratings: new Map() };
    let rating = this.#pending.ratings.get(card);
    if (rating === undefined) {
      rating = rateDecision(state, card, this.opponent, deriveSeed(deriveSeed(this.seed, COACH_STREAM), answers.length));
      this.#pending.ratings.set(card, rating);
    }
    return rating;
  }

  /** The training warning before `card` is played, or null if it is (as good as) the best. */
  warning(state: UnoWarState, card: number, answers: string): string | null {
    const rating = this.rate(state, card, answers);
    return rating.verdict === 'best' ? null : `Coach: the ${this.name(card)} would be ${this.#judgement(rating)}.`;
  }

  /** Rates and keeps the choice of `card`; returns what to say. */
  record(state: UnoWarState, card: number, answers: string): string {
    const rating = this.rate(state, card, answers);
    this.#ratings.push({ rating, before: answers });
    const chances = rating.cards.map(({ card: c, chance }) => `${this.name(c)} ${chanceText(chance)}`).join(', ');
    return `Coach (chance to win the game): ${chances}${equalCardsText(rating, this.name)} — you played the ${this.name(card)}: ${this.#judgement(rating)}.`;
  }

  #judgement(rating: Rating): string {
    return judgement(rating, this.name);
  }

  /** The summary after the game. */
  summary(): string[] {
    const summary = summarize(this.#ratings.map(({ rating }) => rating));
    const costliest = summary.costliest.map(({ index, rating }) => ({
      what: costlyDecisionText(index, rating, this.name),
      rule: rating.rule,
      replay: this.replay(this.#ratings[index]!.before),
    }));
    return summaryLines('', summary, totalCostText(summary.totalCost), costliest);
  }
}
