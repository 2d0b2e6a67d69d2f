/**
 * `uno-war play --coach` and `--training` on the terminal: the game module's coach
 * (games/uno-war/coach.ts) rates each card the person chooses; this file words its ratings and
 * keeps them for the summary. Every card of a decision is played out while the person thinks
 * (`prepare`, as the prompt is shown), so the rating of their card is there when they choose it;
 * the outcomes depend only on the decision and the game's seed, never on how long anyone took.
 */
import { deriveSeed } from '../../core/random.js';
import type { UnoWarAgent } from '../../games/uno-war/agents.js';
import { prepareDecision, rateOutcomes, summarize, warmUpCoach, type CardOutcomes, type Rating } from '../../games/uno-war/coach.js';
import { chanceText, costlyDecisionText, equalCardsText, judgement, totalCostText } from '../../games/uno-war/coach-text.js';
import type { UnoWarState } from '../../games/uno-war/engine.js';
import { summaryLines } from '../coach-text.js';

/** Keeps the coach's samples apart from the deal's own random stream (the same seed). */
const COACH_STREAM = 0x636f_6163;

export class UnoCoach {
  readonly #ratings: { readonly rating: Rating; readonly before: string }[] = [];
  /** The outcomes of the decision the person is at, named by their answers before it. */
  #prepared: { readonly key: string; readonly outcomes: CardOutcomes } | undefined;

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

  /** Plays every card of the decision out, unless done; `answers` are the person's answers so far (--moves), which identify the decision. */
  prepare(state: UnoWarState, answers: string): CardOutcomes {
    if (this.#prepared?.key !== answers) {
      this.#prepared = { key: answers, outcomes: prepareDecision(state, this.opponent, deriveSeed(deriveSeed(this.seed, COACH_STREAM), answers.length)) };
    }
    return this.#prepared.outcomes;
  }

  /** The rating of playing `card` now (a playable card of the hand). */
  rate(state: UnoWarState, card: number, answers: string): Rating {
    return rateOutcomes(this.prepare(state, answers), card);
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
