/**
 * `connect-fwar play --coach` and `--training` on the terminal: the game module's coach
 * (games/connect-fwar/coach.ts) rates each decision; this file words its ratings and keeps them
 * for the summary. The coach remembers the cards the person has been shown, so it knows which are
 * still in the deck (never their order).
 */
import { DECK_SIZE } from '../../core/cards.js';
import { summaryLines } from '../coach-text.js';
import { coachSeed, judgementText, moveWords, rateDecision, summarize, type Rating } from '../../games/connect-fwar/coach.js';
import { moveName } from '../../games/connect-fwar/notation.js';
import { COLUMNS, DISCARD } from '../../games/connect-fwar/rules.js';

/** Every move's expected final score, the choice marked with what it cost. */
export function describeFwarRating(rating: Rating): string {
  const values = rating.values.map((value, move) => `${moveName(move)}:${value === null ? '-' : value.toFixed(1)}`).join('  ');
  return `Coach: ${values} — you played ${moveName(rating.chosen)}: ${judgementText(rating)}.`;
}

export class FwarCoach {
  readonly #seen = new Uint8Array(DECK_SIZE);
  readonly #ratings: { readonly rating: Rating; readonly before: string }[] = [];
  /** The moves played so far, as --moves takes them (1-4, d). */
  #moves = '';
  #pending: { readonly card: number; readonly rating: Map<number, Rating> } | undefined;

  constructor(private readonly seed: number) {}

  /** A card shown to the person (dealt, in hand). */
  see(card: number): void {
    this.#seen[card] = 1;
  }

  /** The rating of `move` (a column 0..3 or DISCARD) for the card in hand, on `cells` (col * 4 + row, -1 empty). */
  rate(cells: readonly number[], card: number, move: number): Rating {
    if (this.#pending?.card !== card) this.#pending = { card, rating: new Map() };
    let rating = this.#pending.rating.get(move);
    if (rating === undefined) {
      const unseen: number[] = [];
      for (let c = 0; c < DECK_SIZE; c++) if (this.#seen[c] === 0) unseen.push(c);
      rating = rateDecision({ cells, card, unseen }, move, coachSeed(this.seed, this.#moves.length));
      this.#pending.rating.set(move, rating);
    }
    return rating;
  }

  /** The training warning before `move` is played, or null if it is (as good as) the best. */
  warning(cells: readonly number[], card: number, move: number): string | null {
    const rating = this.rate(cells, card, move);
    return rating.verdict === 'best' ? null : `Coach: ${moveWords(move)} would be ${judgementText(rating)}.`;
  }

  /** Rates and keeps the decision of `move`; returns what to say. */
  record(cells: readonly number[], card: number, move: number): string {
    const rating = this.rate(cells, card, move);
    this.#ratings.push({ rating, before: this.#moves });
    this.#moves += moveName(move);
    return describeFwarRating(rating);
  }

  /** A move replayed from --moves (not rated). */
  replayed(move: number): void {
    this.#moves += moveName(move);
  }

  /** The summary after the game. */
  summary(): string[] {
    const summary = summarize(this.#ratings.map(({ rating }) => rating));
    const costliest = summary.costliest.map(({ index, rating }) => {
      const before = this.#ratings[index]!.before;
      return {
        what: `Card ${String(before.length + 1)}: ${moveWords(rating.chosen)}, ${judgementText(rating)}`,
        rule: rating.rule,
        replay: `tabletop connect-fwar play --seed ${String(this.seed)}${before === '' ? '' : ` --moves ${before}`} --coach`,
      };
    });
    return summaryLines('', summary, `cost ${summary.totalCost.toFixed(2)} expected points`, costliest);
  }
}

/** `--moves`: the moves to replay first, one character each: a column 1-4 or d. */
export function parseMoves(text: string): number[] {
  return Array.from(text.trim().toLowerCase(), (char, index) => {
    if (char === 'd') return DISCARD;
    const column = Number(char) - 1;
    if (Number.isInteger(column) && column >= 0 && column < COLUMNS) return column;
    throw new RangeError(`--moves: '${char}' (move ${String(index + 1)}) is not a column 1-${String(COLUMNS)} or d`);
  });
}
