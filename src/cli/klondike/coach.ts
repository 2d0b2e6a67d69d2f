/**
 * `klondike play --coach` and `--training` on the terminal: the game module's coach
 * (games/klondike/coach.ts) rates each move the person makes; this file words its ratings and keeps
 * them for the summary. The position is prepared (every move rated) while the person thinks, so the
 * rating of their move is there when they make it; the ratings are the same whenever they are
 * computed.
 */
import { COACH_SAMPLES, PreparedDecision, summarize, type Rating } from '../../games/klondike/coach.js';
import { basisText, coachLegend, coachSeed, hasChoice, judgement, shareText, totalCostText } from '../../games/klondike/coach-text.js';
import { decodeAction, type KlondikeState } from '../../games/klondike/engine.js';
import type { KlondikeMove } from '../../games/klondike/moves.js';
import { moveCommand } from '../../games/klondike/notation.js';
import { summaryLines } from '../coach-text.js';

/** Said once when the coach is on: how to read its figures. */
export const COACH_LEGEND = coachLegend(COACH_SAMPLES);

/** One move's share as the list shows it: `mpf 1 1 75%` (with the undecided samples), or winnable/unwinnable when nothing is hidden. */
function shareWords(rating: Rating, index: number): string {
  return `${moveCommand(rating.moves[index]!.move)} ${shareText(rating, index)}`;
}

export class KlondikeCoach {
  readonly #ratings: { readonly rating: Rating; readonly state: KlondikeState; readonly before: string }[] = [];
  /** The decision at hand, every move rated (a warning and the rating share it). */
  #pending: { readonly key: string; readonly prepared: PreparedDecision } | undefined;

  /** @param replay the command that replays the game with these moves first (`--moves`) */
  constructor(
    private readonly seed: number,
    private readonly replay: (moves: string) => string,
  ) {}

  /** Whether the person has a choice to rate at all (more than one move that changes something). */
  static hasChoice(state: KlondikeState): boolean {
    return hasChoice(state);
  }

  /**
   * Rates every move of the decision in `state` (not changed) unless it is rated already: called
   * when the person is asked for a move; the moves made so far identify the decision.
   */
  prepare(state: KlondikeState): void {
    this.#prepared(state);
  }

  #prepared(state: KlondikeState): PreparedDecision {
    const key = movesSoFar(state);
    if (this.#pending?.key !== key) this.#pending = { key, prepared: new PreparedDecision(state, coachSeed(this.seed, state.moves)) };
    return this.#pending.prepared;
  }

  /** The rating of `move` in `state` (not changed). */
  rate(state: KlondikeState, move: KlondikeMove): Rating {
    return this.#prepared(state).rate(move);
  }

  /** The training warning before `move` is made, or null if it is (as good as) the best. */
  warning(state: KlondikeState, move: KlondikeMove): string | null {
    const rating = this.rate(state, move);
    return rating.verdict === 'best' ? null : `Coach: ${moveCommand(move)} would be ${this.#judgement(state, rating)}.`;
  }

  /** Rates and keeps `move`, about to be made in `state`; returns what to say. */
  record(state: KlondikeState, move: KlondikeMove): string {
    const rating = this.rate(state, move);
    this.#ratings.push({ rating, state: state.clone(), before: movesSoFar(state) });
    const shares = rating.moves.map((_, index) => shareWords(rating, index)).join(', ');
    return `Coach (${basisText(rating)}): ${shares} — you played ${moveCommand(move)}: ${this.#judgement(state, rating)}.`;
  }

  #judgement(state: KlondikeState, rating: Rating): string {
    return judgement(state, rating, moveCommand);
  }

  /** The summary after the game. */
  summary(): string[] {
    const summary = summarize(this.#ratings.map(({ rating }) => rating));
    const costliest = summary.costliest.map(({ index, rating }) => {
      const { state, before } = this.#ratings[index]!;
      return {
        what: `Move ${String(state.moves + 1)}: ${moveCommand(rating.moves[rating.chosen]!.move)}, ${this.#judgement(state, rating)}`,
        rule: rating.rule,
        replay: this.replay(before),
      };
    });
    return summaryLines('', summary, totalCostText(summary.totalCost), costliest);
  }
}

/** The moves made so far, as `--moves` takes them: commands separated by commas (`dd,mpf 1 1`). */
export function movesSoFar(state: KlondikeState): string {
  return state
    .getMoves()
    .map((action) => moveCommand(decodeAction(state.config, action)))
    .join(',');
}
