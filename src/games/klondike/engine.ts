/**
 * Klondike's one engine: the rules of the spec page over card indices in typed arrays. It is the lab's
 * game (the game contract of core/game.ts) and the engine under the spec's model: `BasicKlondike`
 * validates each call in the spec's order, then applies it here, and reads its answers from here.
 *
 * Any valid deck of the spec (equal single-suit runs from Ace; several decks; one foundation per Ace),
 * any number of piles that the deck can fill and any draw size.
 *
 * Chance and what the player sees. The state holds a full deal. A game starts with one CHANCE node per
 * card of the deck: node k puts a card in deal position k (positions in the spec's dealing order: row
 * by row, left to right, then the draw pile in order); the outcomes are the distinct cards left, each
 * with probability (copies left) / (cards left) — a uniform shuffle, dealt one card at a time. A state
 * built from a known deck order (`fromDeck`) is fully determined. The player sees the face-up cards,
 * the draw window, the stock cards it has seen before, how many cards are face-down in each pile and
 * how many stock cards it has not seen, and its own moves (`informationStateString`, `observe`);
 * `resample` redeals the cards it cannot see. Cards enter the draw window in the stock's order, so the
 * stock cards never shown are one block just behind the window (`stockUnseen` of them).
 *
 * Action encoding at player nodes (P piles, F foundations, counts 1..13):
 *   0                                     discardDraw()
 *   1 + f                                 moveDrawToFoundation(f)
 *   1 + F + dest                          moveDraw(dest)
 *   1 + F + P + F·src + f                 moveToFoundation(src, f)
 *   1 + F + P + F·P + 13·(P·src + dest) + count−1   movePile(src, count, dest)
 *   1 + F + P + F·P + 13·P² + F·dest + f  moveFoundationToPile(f, dest) (standard rules only)
 * (For the standard deck F = 4: 677 codes with 7 piles, 705 under the standard rules.) At chance
 * nodes the outcomes are card indices 0..51 (♣A..K, ♢A..K, ♡A..K, ♠A..K).
 *
 * Rule sets (`rules`). `assignment`: the spec's — the draw pile is a queue whose first `draw` cards
 * are shown and whose first card is playable; code 0 sends it to the back, without limit. `standard`:
 * Klondike as Microsoft Solitaire and PySolFC deal it — a face-down stock and a face-up waste whose
 * top card is playable; code 0 turns `draw` cards from the stock onto the waste or, with the stock
 * empty, turns the waste over into a new stock while passes are left (`passes`, Infinity for none);
 * the top card of a foundation may come back onto a pile. Under the standard rules the queue holds
 * the waste from its bottom card up, then the stock from its top card down (`waste` of them are the
 * waste): turning cards or the waste over never changes that order, so the queue stays at head 0
 * and a played waste card is simply cut out of it. Points (`points`) follow the `scoring` table.
 *
 * Termination (the lab's rule; unlimited passes through the stock could loop forever): the game
 * ends when it is won (under the standard rules a card could still come back from a foundation),
 * when no move is legal, or after `idleLimit` consecutive moves without
 * progress (the spec's model uses no limit). Progress is a card to a foundation, a face-down card
 * turned up, or a stock card played to a pile; each can happen a bounded number of times, which
 * bounds every game (`maxGameLength`).
 *
 * Invariants (between calls):
 * - pile p holds `heights[p]` cards in `cells[p·rows ..]`, row 0 first; its first `hidden[p]` are
 *   face-down, the rest face-up and a build. After the deal every non-empty pile ends face-up.
 *   Cells not dealt yet hold UNSEEN; cells past a pile's height hold nothing that counts.
 * - the stock queue is `queue[(head + i) % stockSize]`, i < queueLength; entry 0 is the playable
 *   card; the window is its first min(draw, queueLength) entries; entries window .. window+stockUnseen−1
 *   have never been shown.
 * - foundation f's top card is `foundation[f]` (NONE when empty); it holds that suit's A..top.
 * - `pool[0 .. poolCount−1]` are the cards not dealt yet, `remaining[c]` how many copies of c; the
 *   pool's order is a function of the cards dealt (so `serialize`, which holds the deal, is the whole
 *   state), and `dealtFrom[k]` is the pool slot deal position k's card left from, to undo the deal.
 * - `history[0 .. moves−1]` are the player's moves (action·4 + flags), `idleBefore[i]` the idle count
 *   before move i: enough to undo each exactly.
 */
import { plural } from '../../core/format.js';
import { CHANCE, TERMINAL, type GameState } from '../../core/game.js';
import { randomInt, shuffleInPlace, type Rng } from '../../core/random.js';
import { Card, NUM_VALUES, STANDARD_DECK_SIZE, standardDeck } from './card.js';
import { IllegalArgumentError } from './errors.js';
import type { ReadonlyKlondikeModel } from './model.js';
import type { KlondikeMove } from './moves.js';
import { klondikeRuleSet, passesInJson } from './rule-set.js';
import { canBuildOn, canFoundOn, deckProblem, NONE, VALUE } from './rules.js';
import { viewLines } from './view.js';

/** A cell not dealt yet, or (in an observation) a card the player cannot see. */
export const UNSEEN = -1;
export const DISCARD_ACTION = 0;
const DRAW_TO_FOUNDATION = 1;

/** The engine state under a model (BasicKlondike), for the move generator and hints of moves.ts. */
export const ENGINE_STATE: unique symbol = Symbol('klondike engine state');

/**
 * History flags: the move turned a face-down card up; it showed a stock card for the first time;
 * it put more cards on the foundations than ever before; it turned the waste over (standard rules).
 */
const FLIPPED = 1;
const SHOWED_STOCK = 2;
const NEW_BEST = 4;
const RECYCLED = 8;
const FLAG_BITS = 4;

export interface KlondikeOptions {
  /** Cascade piles (default 7); the deck must fill them (piles·(piles+1)/2 cards). */
  readonly piles?: number;
  /** Draw cards shown (default 3). */
  readonly draw?: number;
  /** Consecutive moves without progress that end the game (default 100; Infinity for none). */
  readonly idleLimit?: number;
  /** The deck's cards, a valid deck of the spec; only which cards matter, not their order (default: the 52 standard cards). */
  readonly deck?: readonly Card[];
  /** The rule set (default 'assignment'; see the file's comment). */
  readonly rules?: KlondikeRules;
  /** Standard rules: passes through the stock, 1 or more, Infinity for no limit (default Infinity). */
  readonly passes?: number;
  /** Standard rules: the points table (default 'standard'; see `points`). */
  readonly scoring?: KlondikeScoring;
}

export type KlondikeRules = 'assignment' | 'standard';
export type KlondikeScoring = 'standard' | 'vegas';
export const KLONDIKE_RULES: readonly KlondikeRules[] = ['assignment', 'standard'];
export const KLONDIKE_SCORINGS: readonly KlondikeScoring[] = ['standard', 'vegas'];

/** The fixed parameters of a Klondike variant, and the sizes they imply. */
export class KlondikeConfig {
  readonly piles: number;
  readonly draw: number;
  readonly idleLimit: number;
  readonly rules: KlondikeRules;
  /** Whether the rules are the standard ones (the waste, passes and foundation-to-pile moves). */
  readonly standardRules: boolean;
  /** Passes through the stock (standard rules; Infinity under the assignment's). */
  readonly passes: number;
  readonly scoring: KlondikeScoring;
  /** The deck's card indices, ascending. */
  readonly composition: Int8Array;
  readonly deckSize: number;
  /** Whether the deck is the 52 standard cards. */
  readonly standardDeck: boolean;
  /** One foundation per Ace. */
  readonly foundations: number;
  /** Cards dealt to the cascade, of them face-down, and to the stock. */
  readonly cascadeSize: number;
  readonly faceDown: number;
  readonly stockSize: number;
  /** Room per pile: face-down cards plus a full build K..A. */
  readonly rows: number;
  /** The cell of each cascade deal position, and the deal position of each cell (−1 past the deal). */
  readonly dealCell: Uint16Array;
  readonly cellDeal: Int32Array;
  readonly drawToPile: number;
  readonly pileToFoundation: number;
  readonly movePileBase: number;
  readonly foundationToPileBase: number;
  readonly numActions: number;
  /** Nodes (deal + moves) of the longest game; Infinity without an idle limit. */
  readonly maxGameLength: number;

  constructor(options: KlondikeOptions = {}) {
    const { piles = 7, draw = 3, idleLimit = 100, deck, rules = 'assignment', passes = Infinity, scoring = 'standard' } = options;
    if (!KLONDIKE_RULES.includes(rules)) throw new RangeError(`Klondike rules are ${KLONDIKE_RULES.join(' or ')}, got ${String(rules)}`);
    if (!KLONDIKE_SCORINGS.includes(scoring)) throw new RangeError(`Klondike scoring is ${KLONDIKE_SCORINGS.join(' or ')}, got ${String(scoring)}`);
    if (!(passes === Infinity || (Number.isInteger(passes) && passes >= 1))) throw new RangeError(`Klondike passes must be a positive integer or Infinity, got ${String(passes)}`);
    if (rules === 'assignment' && (passes !== Infinity || scoring !== 'standard')) {
      throw new RangeError('Klondike passes and scoring belong to the standard rules: the assignment rules turn the draw pile without limit and score cards on the foundations');
    }
    if (deck !== undefined) {
      const problem = deckProblem(deck);
      if (problem !== null) throw new RangeError(`Invalid Klondike deck: ${problem}`);
    }
    const cards = (deck ?? standardDeck()).map((card) => card.index).sort((a, b) => a - b);
    const deckSize = cards.length;
    if (!Number.isInteger(piles) || piles < 1 || (piles * (piles + 1)) / 2 > deckSize) {
      throw new RangeError(`Klondike piles must be a positive integer whose cascade fits the ${String(deckSize)}-card deck, got ${String(piles)}`);
    }
    if (!Number.isInteger(draw) || draw < 1) throw new RangeError(`Klondike draw must be a positive integer, got ${String(draw)}`);
    if (!(idleLimit === Infinity || (Number.isInteger(idleLimit) && idleLimit >= 1))) {
      throw new RangeError(`Klondike idleLimit must be a positive integer or Infinity, got ${String(idleLimit)}`);
    }
    this.piles = piles;
    this.draw = draw;
    this.idleLimit = idleLimit;
    this.rules = rules;
    this.standardRules = rules === 'standard';
    this.passes = passes;
    this.scoring = scoring;
    this.composition = Int8Array.from(cards);
    this.deckSize = deckSize;
    this.standardDeck = deckSize === STANDARD_DECK_SIZE && cards.every((c, i) => c === i);
    this.foundations = cards.filter((c) => VALUE[c] === 1).length;
    this.cascadeSize = (piles * (piles + 1)) / 2;
    this.faceDown = (piles * (piles - 1)) / 2;
    this.stockSize = deckSize - this.cascadeSize;
    this.rows = piles - 1 + NUM_VALUES;
    this.dealCell = new Uint16Array(this.cascadeSize);
    this.cellDeal = new Int32Array(piles * this.rows).fill(-1);
    let next = 0;
    for (let row = 0; row < piles; row++) {
      for (let p = row; p < piles; p++) {
        this.dealCell[next] = p * this.rows + row;
        this.cellDeal[p * this.rows + row] = next++;
      }
    }
    const f = this.foundations;
    this.drawToPile = DRAW_TO_FOUNDATION + f;
    this.pileToFoundation = this.drawToPile + piles;
    this.movePileBase = this.pileToFoundation + f * piles;
    this.foundationToPileBase = this.movePileBase + NUM_VALUES * piles * piles;
    this.numActions = this.foundationToPileBase + (this.standardRules ? f * piles : 0);
    const progressMoves = deckSize + this.faceDown + this.stockSize;
    // Every progress move happens at most once per card or slot (a card to a foundation counts
    // only when the foundations hold more cards than ever before), and at most idleLimit idle moves
    // separate two progress moves (or end the game); the deal adds one chance node per card.
    this.maxGameLength = deckSize + progressMoves + (progressMoves + 1) * idleLimit;
  }

  /** Whether `other` describes the same variant (piles, draw, idle limit, rules and deck). */
  equals(other: KlondikeConfig): boolean {
    return (
      other.piles === this.piles &&
      other.draw === this.draw &&
      other.idleLimit === this.idleLimit &&
      other.rules === this.rules &&
      other.passes === this.passes &&
      other.scoring === this.scoring &&
      other.deckSize === this.deckSize &&
      other.composition.every((c, i) => c === this.composition[i])
    );
  }
}

/** The action code of a player move (see the encoding above); RangeError if it has none. */
export function encodeMove(config: KlondikeConfig, move: KlondikeMove): number {
  const { piles, foundations } = config;
  const pile = (p: number): number => {
    if (!Number.isInteger(p) || p < 0 || p >= piles) throw new RangeError(`No such pile: ${String(p)}`);
    return p;
  };
  const foundation = (f: number): number => {
    if (!Number.isInteger(f) || f < 0 || f >= foundations) throw new RangeError(`No such foundation: ${String(f)}`);
    return f;
  };
  switch (move.kind) {
    case 'discardDraw':
      return DISCARD_ACTION;
    case 'moveDrawToFoundation':
      return DRAW_TO_FOUNDATION + foundation(move.foundation);
    case 'moveDraw':
      return config.drawToPile + pile(move.dest);
    case 'moveToFoundation':
      return config.pileToFoundation + foundations * pile(move.src) + foundation(move.foundation);
    case 'movePile':
      if (!Number.isInteger(move.count) || move.count < 1 || move.count > NUM_VALUES || move.src === move.dest) throw new RangeError(`No such pile move: ${JSON.stringify(move)}`);
      return config.movePileBase + NUM_VALUES * (piles * pile(move.src) + pile(move.dest)) + move.count - 1;
    case 'moveFoundationToPile':
      if (!config.standardRules) throw new RangeError('A card comes back from a foundation under the standard rules only');
      return config.foundationToPileBase + foundations * pile(move.dest) + foundation(move.foundation);
  }
}

/** The player move of an action code (see the encoding above); RangeError for a code out of range. */
export function decodeAction(config: KlondikeConfig, action: number): KlondikeMove {
  const { piles, foundations, drawToPile, pileToFoundation, movePileBase, foundationToPileBase, numActions } = config;
  if (!Number.isInteger(action) || action < 0 || action >= numActions) throw new RangeError(`No such action: ${String(action)}`);
  if (action === DISCARD_ACTION) return { kind: 'discardDraw' };
  if (action < drawToPile) return { kind: 'moveDrawToFoundation', foundation: action - DRAW_TO_FOUNDATION };
  if (action < pileToFoundation) return { kind: 'moveDraw', dest: action - drawToPile };
  if (action < movePileBase) {
    const k = action - pileToFoundation;
    return { kind: 'moveToFoundation', src: Math.floor(k / foundations), foundation: k % foundations };
  }
  if (action >= foundationToPileBase) {
    const k = action - foundationToPileBase;
    return { kind: 'moveFoundationToPile', foundation: k % foundations, dest: Math.floor(k / foundations) };
  }
  const k = action - movePileBase;
  const pair = Math.floor(k / NUM_VALUES);
  return { kind: 'movePile', src: Math.floor(pair / piles), count: (k % NUM_VALUES) + 1, dest: pair % piles };
}

/** How promising a move looks (lower is better): shared by the `greedy` agent and the hints. */
export const MoveRank = {
  /** A card to a foundation. */
  Foundation: 0,
  /** A pile move that turns up a face-down card. */
  Uncover: 1,
  /** The draw card onto a pile. */
  DrawToPile: 2,
  Discard: 3,
  /** Any other pile move. */
  OtherPileMove: 4,
} as const;
export type MoveRank = (typeof MoveRank)[keyof typeof MoveRank];

/**
 * What the player knows at a node: the model's queries (face-up cards only; a face-down card is
 * not there to read), the legal moves, the stock cards seen before and the moves made. A masked copy
 * of the state, independent of it, for reading only (it is not a state to play on).
 */
export interface KlondikeObservation extends ReadonlyKlondikeModel {
  readonly config: KlondikeConfig;
  /** Face-down cards in pile p. */
  readonly hidden: Readonly<Uint16Array>;
  /** The stock behind the draw window, in queue order: a card seen before, or null for one never shown. */
  getStockCards(): (Card | null)[];
  /** The player's moves so far, as action codes. */
  getMoves(): number[];
  legalActions(out: Int32Array): number;
  actionToString(action: number): string;
  isTerminal(): boolean;
  toString(): string;
}

/** The serialised form (JSON): the variant, the deal so far, and the moves since. */
interface Serialized {
  readonly game: 'klondike';
  readonly piles: number;
  readonly draw: number;
  readonly idleLimit: number | null;
  readonly deck: string;
  readonly deal: string;
  readonly moves: readonly number[];
  /** Standard rules only (absent under the assignment's, whose serialised form is as before). */
  readonly rules?: KlondikeRules;
  readonly passes?: number | null;
  readonly scoring?: KlondikeScoring;
}

export class KlondikeState implements GameState, ReadonlyKlondikeModel {
  readonly config: KlondikeConfig;
  readonly cells: Int8Array;
  readonly heights: Uint16Array;
  readonly hidden: Uint16Array;
  readonly queue: Int8Array;
  head = 0;
  queueLength = 0;
  /** Stock cards never shown: the block just behind the draw window (standard rules: the stock's last cards). */
  stockUnseen = 0;
  /** Standard rules: the queue's first `waste` cards are the waste. */
  waste = 0;
  /** Standard rules: times the waste was turned over into a new stock. */
  recycles = 0;
  /** The most cards the foundations have held in this game (progress is beating it). */
  bestScore = 0;
  /** Each foundation's top card, or NONE. */
  readonly foundation: Int8Array;
  /** The card of each deal position dealt so far. */
  readonly dealOrder: Int8Array;
  /** The pool slot each deal position's card left from, to undo the deal exactly. */
  readonly dealtFrom: Uint8Array;
  dealt = 0;
  readonly pool: Int8Array;
  poolCount = 0;
  readonly remaining = new Uint16Array(STANDARD_DECK_SIZE);
  /** Distinct cards left in the pool. */
  private distinctRemaining = 0;
  /** Where `sampleChance` found its outcome, so applying it needs no search. */
  private sampledAt = 0;
  private history: Int32Array;
  private idleBefore: Int32Array;
  /** Standard rules: the waste's size before each move (a turn of the stock is undone from it). */
  private wasteBefore: Int32Array;
  /** Player moves made (and not undone). */
  moves = 0;
  /** Cards on the foundations: the score (the sum of the foundations' top values). */
  score = 0;
  /** Consecutive moves without progress. */
  idle = 0;
  /** 0 (the player), CHANCE or TERMINAL; kept up to date by every change. */
  phase = CHANCE;

  constructor(config: KlondikeConfig = new KlondikeConfig()) {
    this.config = config;
    this.cells = new Int8Array(config.piles * config.rows);
    this.heights = new Uint16Array(config.piles);
    this.hidden = new Uint16Array(config.piles);
    this.queue = new Int8Array(Math.max(1, config.stockSize));
    this.foundation = new Int8Array(config.foundations);
    this.dealOrder = new Int8Array(config.deckSize);
    this.dealtFrom = new Uint8Array(config.deckSize);
    this.pool = new Int8Array(config.deckSize);
    this.history = new Int32Array(64);
    this.idleBefore = new Int32Array(64);
    this.wasteBefore = new Int32Array(config.standardRules ? 64 : 0);
    this.reset();
  }

  /** The fully determined state dealt from `deck` (card indices in deal order, a permutation of the config's deck). */
  static fromDeck(config: KlondikeConfig, deck: ArrayLike<number>): KlondikeState {
    if (deck.length !== config.deckSize) throw new RangeError(`A deal needs ${String(config.deckSize)} cards, got ${String(deck.length)}`);
    const state = new KlondikeState(config);
    for (let k = 0; k < deck.length; k++) state.applyAction(deck[k]!);
    return state;
  }

  /**
   * The state `text` (from `serialize`) describes. With `config`, the text must describe that
   * variant and the state shares it. RangeError for text that is not a Klondike state.
   */
  static deserialize(text: string, config?: KlondikeConfig): KlondikeState {
    let data: Serialized;
    try {
      data = JSON.parse(text) as Serialized;
    } catch {
      throw new RangeError('Not a serialised Klondike state: not JSON');
    }
    if (typeof data !== 'object' || data === null || data.game !== 'klondike' || typeof data.deck !== 'string' || typeof data.deal !== 'string' || !Array.isArray(data.moves)) {
      throw new RangeError('Not a serialised Klondike state');
    }
    const names = (text: string): number[] => (text === '' ? [] : text.split(' ').map((name) => Card.parse(name).index));
    try {
      const parsed = new KlondikeConfig({
        piles: data.piles,
        draw: data.draw,
        idleLimit: data.idleLimit ?? Infinity,
        deck: names(data.deck).map((c) => Card.fromIndex(c)),
        ...(data.rules === undefined ? {} : klondikeRuleSet({ rules: data.rules, draw: data.draw, passes: data.passes, scoring: data.scoring })),
      });
      if (config !== undefined && !config.equals(parsed)) throw new RangeError('The serialised Klondike state is of another variant');
      const state = new KlondikeState(config ?? parsed);
      const deal = names(data.deal);
      if (deal.length > state.config.deckSize) throw new RangeError('Not a serialised Klondike state: more cards dealt than the deck holds');
      for (const card of deal) state.applyAction(card);
      for (const action of data.moves) {
        if (state.phase !== 0) throw new RangeError('Not a serialised Klondike state: moves before the deal is complete or after the end');
        state.applyAction(action);
      }
      return state;
    } catch (error) {
      if (error instanceof RangeError) throw error;
      throw new RangeError(`Not a serialised Klondike state: ${(error as Error).message}`);
    }
  }

  reset(): void {
    const { piles, stockSize, draw } = this.config;
    this.cells.fill(UNSEEN);
    for (let p = 0; p < piles; p++) {
      this.heights[p] = p + 1;
      this.hidden[p] = p;
    }
    this.queue.fill(UNSEEN);
    this.head = 0;
    this.queueLength = stockSize;
    // Under the standard rules the whole stock is face-down; under the assignment's the window shows.
    this.stockUnseen = this.config.standardRules ? stockSize : Math.max(0, stockSize - draw);
    this.waste = 0;
    this.recycles = 0;
    this.foundation.fill(NONE);
    this.dealt = 0;
    this.fillPool();
    this.moves = 0;
    this.score = 0;
    this.bestScore = 0;
    this.idle = 0;
    this.phase = CHANCE;
  }

  currentPlayer(): number {
    return this.phase;
  }

  isTerminal(): boolean {
    return this.phase === TERMINAL;
  }

  // ---- The rules, over card indices ----

  /** The playable draw card (standard rules: the waste's top card), or NONE when there is none. */
  drawCard(): number {
    if (this.config.standardRules) return this.waste === 0 ? NONE : this.queue[this.waste - 1]!;
    return this.queueLength === 0 ? NONE : this.queue[this.head]!;
  }

  /** Standard rules: whether code 0 (turn the stock, or the waste over) is legal. */
  private canTurnStock(): boolean {
    return this.waste < this.queueLength || (this.queueLength > 0 && this.recycles + 1 < this.config.passes);
  }

  /** The last card of pile p, or NONE when the pile is empty. */
  lastCard(p: number): number {
    const h = this.heights[p]!;
    return h === 0 ? NONE : this.cells[p * this.config.rows + h - 1]!;
  }

  /** Face-up cards at the end of pile p. */
  faceUp(p: number): number {
    return this.heights[p]! - this.hidden[p]!;
  }

  /** Whether card c may go onto pile p (build rule). */
  canBuild(c: number, p: number): boolean {
    return canBuildOn(c, this.lastCard(p));
  }

  /** Whether card c may go onto foundation f (foundation rule). */
  canFound(c: number, f: number): boolean {
    return canFoundOn(c, this.foundation[f]!);
  }

  /** Whether the player has a legal move (false at chance and terminal nodes). */
  hasLegalMove(): boolean {
    return this.dealt === this.config.deckSize && this.playerMoves(null) > 0;
  }

  legalActions(out: Int32Array): number {
    if (this.phase === TERMINAL) return 0;
    if (this.phase === CHANCE) {
      let count = 0;
      for (let c = 0; c < STANDARD_DECK_SIZE; c++) if (this.remaining[c]! > 0) out[count++] = c;
      return count;
    }
    return this.playerMoves(out);
  }

  chanceOutcomes(outcomes: Int32Array, probabilities: Float64Array): number {
    if (this.phase !== CHANCE) return 0;
    let count = 0;
    for (let c = 0; c < STANDARD_DECK_SIZE; c++) {
      const copies = this.remaining[c]!;
      if (copies === 0) continue;
      outcomes[count] = c;
      probabilities[count++] = copies / this.poolCount;
    }
    return count;
  }

  /** Writes the legal player moves (ascending) into `out` when given; returns how many (at most 1 without `out`). */
  private playerMoves(out: Int32Array | null): number {
    const { piles, rows, foundations, drawToPile, pileToFoundation, movePileBase, standardRules } = this.config;
    let count = 0;
    const draw = this.drawCard();
    if (standardRules && this.canTurnStock()) {
      if (out === null) return 1;
      out[count++] = DISCARD_ACTION;
    }
    if (draw !== NONE) {
      if (out === null) {
        // Assignment rules: discarding is always legal while there is a draw card.
        if (!standardRules) return 1;
      } else if (!standardRules) out[count++] = DISCARD_ACTION;
      for (let f = 0; f < foundations; f++) {
        if (this.canFound(draw, f)) {
          if (out === null) return 1;
          out[count++] = DRAW_TO_FOUNDATION + f;
        }
      }
      for (let p = 0; p < piles; p++) {
        if (this.canBuild(draw, p)) {
          if (out === null) return 1;
          out[count++] = drawToPile + p;
        }
      }
    }
    for (let src = 0; src < piles; src++) {
      const last = this.lastCard(src);
      if (last === NONE) continue;
      for (let f = 0; f < foundations; f++) {
        if (this.canFound(last, f)) {
          if (out === null) return 1;
          out[count++] = pileToFoundation + foundations * src + f;
        }
      }
    }
    for (let src = 0; src < piles; src++) {
      const h = this.heights[src]!;
      const up = h - this.hidden[src]!;
      if (up === 0) continue;
      const bottomValue = VALUE[this.cells[src * rows + h - 1]!]!;
      for (let dest = 0; dest < piles; dest++) {
        if (dest === src) continue;
        // The face-up cards are a build rising by one from the bottom card, so exactly one count
        // n could put the right value (one below dest's last card, or a King) at the run's top.
        const last = this.lastCard(dest);
        const n = (last === NONE ? NUM_VALUES + 1 : VALUE[last]!) - bottomValue;
        if (n >= 1 && n <= up && this.canBuild(this.cells[src * rows + h - n]!, dest)) {
          if (out === null) return 1;
          out[count++] = movePileBase + NUM_VALUES * (piles * src + dest) + n - 1;
        }
      }
    }
    if (standardRules) {
      const base = this.config.foundationToPileBase;
      for (let dest = 0; dest < piles; dest++) {
        for (let f = 0; f < foundations; f++) {
          const top = this.foundation[f]!;
          if (top !== NONE && this.canBuild(top, dest)) {
            if (out === null) return 1;
            out[count++] = base + foundations * dest + f;
          }
        }
      }
    }
    return count;
  }

  sampleChance(rng: Rng): number {
    if (this.phase !== CHANCE) throw new RangeError('sampleChance: not a chance node');
    // A uniformly random card of the pool: each distinct card with probability copies / cards left.
    this.sampledAt = this.distinctRemaining === 1 ? 0 : randomInt(rng, this.poolCount);
    return this.pool[this.sampledAt]!;
  }

  applyAction(action: number): void {
    if (this.phase === TERMINAL) throw new RangeError(`Illegal action ${String(action)}: the game is over`);
    if (this.phase === CHANCE) this.deal(action);
    else this.move(action);
  }

  /** Puts card c (one of the pool's) in the next deal position. */
  private deal(c: number): void {
    if (!(Number.isInteger(c) && c >= 0 && c < STANDARD_DECK_SIZE && this.remaining[c]! > 0)) {
      throw new RangeError(`Illegal chance outcome ${String(c)}: not a card left to deal`);
    }
    // The pool's order is a function of the cards dealt so far (so a state rebuilt from its deal, by
    // `deserialize`, samples alike): a card leaves from its first copy in the pool. With one copy per
    // card, the sampled slot is that copy, and no search is needed.
    let at = this.sampledAt;
    if (at >= this.poolCount || this.pool[at] !== c || this.remaining[c]! > 1) {
      at = 0;
      while (this.pool[at] !== c) at++;
    }
    this.takeFromPool(this.dealt, c, at);
    const { cascadeSize, deckSize } = this.config;
    const k = this.dealt++;
    this.dealOrder[k] = c;
    if (k < cascadeSize) this.cells[this.config.dealCell[k]!] = c;
    else this.queue[k - cascadeSize] = c;
    if (this.dealt === deckSize) this.updatePhase();
  }

  /** The whole deck in the pool, nothing dealt from it. */
  private fillPool(): void {
    const { deckSize, composition } = this.config;
    this.pool.set(composition);
    this.poolCount = deckSize;
    this.remaining.fill(0);
    this.distinctRemaining = 0;
    for (let i = 0; i < deckSize; i++) if (this.remaining[composition[i]!]!++ === 0) this.distinctRemaining++;
    this.sampledAt = 0;
  }

  /** Deal position k takes card c from pool slot `at`. */
  private takeFromPool(k: number, c: number, at: number): void {
    this.pool[at] = this.pool[--this.poolCount]!;
    this.dealtFrom[k] = at;
    const copies = this.remaining[c]! - 1;
    this.remaining[c] = copies;
    if (copies === 0) this.distinctRemaining--;
  }

  /**
   * The pool and the deal's record as dealing `dealOrder[0 .. dealt)` from a full pool leaves them
   * (each card from its first copy, as `deal` takes it): after `resample` puts other cards in the
   * hidden places, so the sample's bookkeeping is its own deal's, not the real one's.
   */
  private rebuildPool(): void {
    this.fillPool();
    for (let k = 0; k < this.dealt; k++) {
      const c = this.dealOrder[k]!;
      let at = 0;
      while (this.pool[at] !== c) at++;
      this.takeFromPool(k, c, at);
    }
  }

  /** The pile move of the last `decodePileMove` (scratch fields, so decoding allocates nothing). */
  private pileSrc = 0;
  private pileDest = 0;
  private pileCount = 0;

  /** Decodes movePile code `action` into pileSrc, pileDest and pileCount. */
  private decodePileMove(action: number): void {
    const k = action - this.config.movePileBase;
    const pair = Math.floor(k / NUM_VALUES);
    this.pileCount = (k % NUM_VALUES) + 1;
    this.pileSrc = Math.floor(pair / this.config.piles);
    this.pileDest = pair % this.config.piles;
  }

  /** Whether `action` is a legal player move now. */
  isLegalMove(action: number): boolean {
    if (this.phase !== 0 || !Number.isInteger(action) || action < 0 || action >= this.config.numActions) return false;
    const { rows, foundations, drawToPile, pileToFoundation, movePileBase, foundationToPileBase } = this.config;
    const draw = this.drawCard();
    if (action < DRAW_TO_FOUNDATION) return this.config.standardRules ? this.canTurnStock() : draw !== NONE;
    if (action < drawToPile) return draw !== NONE && this.canFound(draw, action - DRAW_TO_FOUNDATION);
    if (action < pileToFoundation) return draw !== NONE && this.canBuild(draw, action - drawToPile);
    if (action < movePileBase) {
      const k = action - pileToFoundation;
      const last = this.lastCard(Math.floor(k / foundations));
      return last !== NONE && this.canFound(last, k % foundations);
    }
    if (action >= foundationToPileBase) {
      const k = action - foundationToPileBase;
      const top = this.foundation[k % foundations]!;
      return top !== NONE && this.canBuild(top, Math.floor(k / foundations));
    }
    this.decodePileMove(action);
    const { pileSrc: src, pileDest: dest, pileCount: n } = this;
    if (src === dest || n > this.faceUp(src)) return false;
    return this.canBuild(this.cells[src * rows + this.heights[src]! - n]!, dest);
  }

  private move(action: number): void {
    if (!this.isLegalMove(action)) throw new RangeError(`Illegal action ${String(action)}: not a legal move here`);
    const { rows, foundations, stockSize, drawToPile, pileToFoundation, movePileBase, standardRules } = this.config;
    let flags = 0;
    let progress = true;
    if (standardRules) {
      if (this.moves === this.wasteBefore.length) this.reserveHistory(this.moves + 1);
      this.wasteBefore[this.moves] = this.waste;
    }
    if (standardRules && action < pileToFoundation) {
      if (action < DRAW_TO_FOUNDATION) {
        progress = false;
        if (this.waste === this.queueLength) {
          this.waste = 0;
          this.recycles++;
          flags = RECYCLED;
        } else {
          this.waste = Math.min(this.waste + this.config.draw, this.queueLength);
          // Unseen stock cards are the stock's last ones: the first pass shows them in order.
          if (this.queueLength - this.waste < this.stockUnseen) {
            this.stockUnseen = this.queueLength - this.waste;
            flags = SHOWED_STOCK;
          }
        }
      } else {
        const card = this.queue[--this.waste]!;
        this.queue.copyWithin(this.waste, this.waste + 1, this.queueLength--);
        if (action < drawToPile) {
          this.foundation[action - DRAW_TO_FOUNDATION] = card;
          flags = this.raiseScore();
        } else {
          const dest = action - drawToPile;
          this.cells[dest * rows + this.heights[dest]!++] = card;
        }
      }
    } else if (action >= this.config.foundationToPileBase) {
      const k = action - this.config.foundationToPileBase;
      const dest = Math.floor(k / foundations);
      this.cells[dest * rows + this.heights[dest]!++] = this.takeFromFoundation(k % foundations);
      progress = false;
    } else if (action < DRAW_TO_FOUNDATION) {
      // Discard: the playable card goes to the back of the queue; the window shifts by one.
      const card = this.queue[this.head]!;
      this.head = this.head + 1 === stockSize ? 0 : this.head + 1;
      this.queue[(this.head + this.queueLength - 1) % stockSize] = card;
      progress = false;
      if (this.stockUnseen > 0) {
        this.stockUnseen--;
        flags = SHOWED_STOCK;
      }
    } else if (action < pileToFoundation) {
      const card = this.queue[this.head]!;
      this.head = this.head + 1 === stockSize ? 0 : this.head + 1;
      this.queueLength--;
      if (this.stockUnseen > 0) {
        this.stockUnseen--;
        flags = SHOWED_STOCK;
      }
      if (action < drawToPile) {
        this.foundation[action - DRAW_TO_FOUNDATION] = card;
        flags |= this.raiseScore();
      } else {
        const dest = action - drawToPile;
        this.cells[dest * rows + this.heights[dest]!++] = card;
      }
    } else if (action < movePileBase) {
      const k = action - pileToFoundation;
      const src = Math.floor(k / foundations);
      this.foundation[k % foundations] = this.cells[src * rows + --this.heights[src]!]!;
      flags = this.raiseScore() | this.turnUp(src);
      // A card back on a foundation it came down from is no progress (standard rules).
      progress = flags !== 0;
    } else {
      this.decodePileMove(action);
      const { pileSrc: src, pileDest: dest, pileCount: n } = this;
      const from = src * rows + this.heights[src]! - n;
      this.cells.copyWithin(dest * rows + this.heights[dest]!, from, from + n);
      this.heights[dest]! += n;
      this.heights[src]! -= n;
      flags = this.turnUp(src);
      progress = flags !== 0;
    }
    if (this.moves === this.history.length) this.reserveHistory(this.moves + 1);
    this.history[this.moves] = (action << FLAG_BITS) | flags;
    this.idleBefore[this.moves++] = this.idle;
    this.idle = progress ? 0 : this.idle + 1;
    this.updatePhase();
  }

  /** One more card on the foundations; returns NEW_BEST when they never held as many. */
  private raiseScore(): number {
    if (++this.score <= this.bestScore) return 0;
    this.bestScore = this.score;
    return NEW_BEST;
  }

  /** Turns up the last card of pile p if it is face-down; returns FLIPPED if it did. */
  private turnUp(p: number): number {
    const h = this.heights[p]!;
    if (h > 0 && this.hidden[p] === h) {
      this.hidden[p] = h - 1;
      return FLIPPED;
    }
    return 0;
  }

  /**
   * Room for at least `moves` entries in the per-move arrays, in one allocation: the capacity
   * doubles until it fits (so a game's growths cost O(1) a move), and a copy of a long game
   * (`copyPlayFrom`) allocates once instead of once per doubling.
   */
  private reserveHistory(moves: number): void {
    let capacity = this.history.length;
    while (capacity < moves) capacity *= 2;
    if (capacity === this.history.length) return;
    const history = new Int32Array(capacity);
    history.set(this.history.subarray(0, this.moves));
    this.history = history;
    const idleBefore = new Int32Array(capacity);
    idleBefore.set(this.idleBefore.subarray(0, this.moves));
    this.idleBefore = idleBefore;
    if (this.config.standardRules) {
      const wasteBefore = new Int32Array(capacity);
      wasteBefore.set(this.wasteBefore.subarray(0, this.moves));
      this.wasteBefore = wasteBefore;
    }
  }

  private updatePhase(): void {
    // A won game ends: under the standard rules a card could still come back from a foundation.
    this.phase = this.score === this.config.deckSize || this.idle >= this.config.idleLimit || this.playerMoves(null) === 0 ? TERMINAL : 0;
  }

  /** Whether a player move can be taken back (`undo`); the model's question, so the deal does not count. */
  canUndo(): boolean {
    return this.moves > 0;
  }

  /**
   * Takes back the last action, restoring the exact state before it: the last player move, or, before
   * any, the last card dealt (the lab's contract: any action). RangeError at the initial state.
   */
  undo(): void {
    if (this.moves === 0) {
      this.undoDeal();
      return;
    }
    const entry = this.history[--this.moves]!;
    const action = entry >> FLAG_BITS;
    const { rows, foundations, stockSize, drawToPile, pileToFoundation, movePileBase, standardRules } = this.config;
    if ((entry & NEW_BEST) !== 0) this.bestScore--;
    if (standardRules && action < pileToFoundation) {
      const before = this.wasteBefore[this.moves]!;
      if (action < DRAW_TO_FOUNDATION) {
        if ((entry & RECYCLED) !== 0) this.recycles--;
        // Only the first pass shows new cards, and there the seen cards are exactly the waste.
        if ((entry & SHOWED_STOCK) !== 0) this.stockUnseen = this.queueLength - before;
      } else {
        const card = action < drawToPile ? this.takeFromFoundation(action - DRAW_TO_FOUNDATION) : this.cells[(action - drawToPile) * rows + --this.heights[action - drawToPile]!]!;
        this.queue.copyWithin(before, before - 1, this.queueLength++);
        this.queue[before - 1] = card;
      }
      this.waste = before;
    } else if (action >= this.config.foundationToPileBase) {
      const k = action - this.config.foundationToPileBase;
      const dest = Math.floor(k / foundations);
      this.foundation[k % foundations] = this.cells[dest * rows + --this.heights[dest]!]!;
      this.score++;
    } else if (action < DRAW_TO_FOUNDATION) {
      if ((entry & SHOWED_STOCK) !== 0) this.stockUnseen++;
      const card = this.queue[(this.head + this.queueLength - 1) % stockSize]!;
      this.head = this.head === 0 ? stockSize - 1 : this.head - 1;
      this.queue[this.head] = card;
    } else if (action < pileToFoundation) {
      if ((entry & SHOWED_STOCK) !== 0) this.stockUnseen++;
      let card: number;
      if (action < drawToPile) card = this.takeFromFoundation(action - DRAW_TO_FOUNDATION);
      else {
        const dest = action - drawToPile;
        card = this.cells[dest * rows + --this.heights[dest]!]!;
      }
      this.head = this.head === 0 ? stockSize - 1 : this.head - 1;
      this.queue[this.head] = card;
      this.queueLength++;
    } else if (action < movePileBase) {
      const k = action - pileToFoundation;
      const src = Math.floor(k / foundations);
      if ((entry & FLIPPED) !== 0) this.hidden[src]!++;
      this.cells[src * rows + this.heights[src]!++] = this.takeFromFoundation(k % foundations);
    } else {
      this.decodePileMove(action);
      const { pileSrc: src, pileDest: dest, pileCount: n } = this;
      if ((entry & FLIPPED) !== 0) this.hidden[src]!++;
      this.heights[dest]! -= n;
      const from = dest * rows + this.heights[dest]!;
      this.cells.copyWithin(src * rows + this.heights[src]!, from, from + n);
      this.heights[src]! += n;
    }
    this.idle = this.idleBefore[this.moves]!;
    this.phase = 0;
  }

  /** Takes back the last card dealt: back to its pool slot, its place not dealt again. */
  private undoDeal(): void {
    if (this.dealt === 0) throw new RangeError('undo: no action to take back');
    const k = --this.dealt;
    const c = this.dealOrder[k]!;
    const at = this.dealtFrom[k]!;
    this.pool[this.poolCount++] = this.pool[at]!;
    this.pool[at] = c;
    if (this.remaining[c]!++ === 0) this.distinctRemaining++;
    const { cascadeSize } = this.config;
    if (k < cascadeSize) this.cells[this.config.dealCell[k]!] = UNSEEN;
    else this.queue[k - cascadeSize] = UNSEEN;
    this.phase = CHANCE;
  }

  private takeFromFoundation(f: number): number {
    const card = this.foundation[f]!;
    this.foundation[f] = VALUE[card] === 1 ? NONE : card - 1;
    this.score--;
    return card;
  }

  returns(_player: number): number {
    return this.score;
  }

  clone(): this {
    const copy = new KlondikeState(this.config) as this;
    copy.copyFrom(this);
    return copy;
  }

  private copyFrom(other: KlondikeState): void {
    this.copyDealFrom(other);
    this.copyPlayFrom(other);
  }

  /**
   * Makes this state `other`'s position without the moves that led to it: the moves made from here
   * on can be taken back, the earlier ones cannot (`undo` would take back the deal), and `points`
   * and `getMoves` count from here. For a search that visits many positions of one game (the
   * planner's walk), where copying every position's history cost more than its moves; never a
   * state to hand to a player or the lab. Allocates nothing when the config is the same.
   */
  copyPositionFrom(other: KlondikeState): void {
    if (other.config !== this.config) throw new RangeError('copyPositionFrom: a state of another variant');
    this.copyDealFrom(other);
    this.waste = other.waste;
    this.recycles = other.recycles;
    this.bestScore = other.bestScore;
    this.moves = 0;
    this.score = other.score;
    this.idle = other.idle;
    this.phase = other.phase;
  }

  /** The cards where they lie, the stock, the foundations and the deal of `other`. */
  private copyDealFrom(other: KlondikeState): void {
    this.cells.set(other.cells);
    this.heights.set(other.heights);
    this.hidden.set(other.hidden);
    this.queue.set(other.queue);
    this.head = other.head;
    this.queueLength = other.queueLength;
    this.stockUnseen = other.stockUnseen;
    this.foundation.set(other.foundation);
    this.dealOrder.set(other.dealOrder);
    this.dealtFrom.set(other.dealtFrom);
    this.dealt = other.dealt;
    this.pool.set(other.pool);
    this.poolCount = other.poolCount;
    this.remaining.set(other.remaining);
    this.distinctRemaining = other.distinctRemaining;
    this.sampledAt = other.sampledAt;
  }

  /** The player's moves, the score, the idle count, the waste's size, the passes and the phase of `other`. */
  private copyPlayFrom(other: KlondikeState): void {
    // Arrays sized by the move count alone (what a copy holds does not depend on the original's spare room).
    this.reserveHistory(other.moves);
    this.history.set(other.history.subarray(0, other.moves));
    this.idleBefore.set(other.idleBefore.subarray(0, other.moves));
    if (this.config.standardRules) this.wasteBefore.set(other.wasteBefore.subarray(0, other.moves));
    this.waste = other.waste;
    this.recycles = other.recycles;
    this.bestScore = other.bestScore;
    this.moves = other.moves;
    this.score = other.score;
    this.idle = other.idle;
    this.phase = other.phase;
  }

  // ---- What the player sees ----

  /** Whether the cell holds a card the player can see (face-up and dealt). */
  private isShown(p: number, row: number): boolean {
    return row >= this.hidden[p]! && this.cells[p * this.config.rows + row] !== UNSEEN;
  }

  /** Queue entries from the front that the player has seen: all but the never-shown block. */
  private stockSeen(i: number): boolean {
    if (this.config.standardRules) return i < this.queueLength - this.stockUnseen;
    const window = Math.min(this.config.draw, this.queueLength);
    return i < window ? this.queue[(this.head + i) % this.config.stockSize] !== UNSEEN : i >= window + this.stockUnseen;
  }

  informationStateString(player: number): string {
    if (player !== 0) throw new RangeError(`Klondike has one player (0), not ${String(player)}`);
    if (this.dealt < this.config.deckSize) return `Dealing: ${String(this.dealt)} of ${String(this.config.deckSize)} cards`;
    return `${this.toString()}\nMoves: ${this.getMoves().join(' ')}`;
  }

  observe(player: number): KlondikeObservation {
    if (player !== 0) throw new RangeError(`Klondike has one player (0), not ${String(player)}`);
    const view = new KlondikeState(this.config);
    // Before the deal is complete the player has seen nothing: the undealt initial state.
    if (this.dealt === this.config.deckSize) view.showFrom(this);
    return view;
  }

  /**
   * Makes this fresh state what the player sees of `other` (a complete deal), and nothing more. It
   * is written field by field onto a fresh state rather than masked from a copy: a copy carries the
   * deal's bookkeeping (the pool slots each card left from, the pool's order), from which the whole
   * deal can be rebuilt, and any field added later would leak the same way until someone masked it.
   * Here a field is hidden unless it is listed.
   */
  private showFrom(other: KlondikeState): void {
    const { piles, rows, stockSize, deckSize } = this.config;
    for (let p = 0; p < piles; p++) {
      this.heights[p] = other.heights[p]!;
      this.hidden[p] = other.hidden[p]!;
      for (let r = other.hidden[p]!; r < other.heights[p]!; r++) this.cells[p * rows + r] = other.cells[p * rows + r]!;
    }
    // Only the live queue entries the player has seen, each in its slot.
    this.head = other.head;
    this.queueLength = other.queueLength;
    this.stockUnseen = other.stockUnseen;
    for (let i = 0; i < other.queueLength; i++) {
      const slot = (other.head + i) % stockSize;
      if (other.stockSeen(i)) this.queue[slot] = other.queue[slot]!;
    }
    this.foundation.set(other.foundation);
    // Dealt out: nothing left to deal, and no record of which card went where.
    this.dealt = deckSize;
    this.dealOrder.fill(UNSEEN);
    this.pool.fill(UNSEEN);
    this.poolCount = 0;
    this.remaining.fill(0);
    this.distinctRemaining = 0;
    this.copyPlayFrom(other);
  }

  resample(player: number, rng: Rng): this {
    if (player !== 0) throw new RangeError(`Klondike has one player (0), not ${String(player)}`);
    const copy = this.clone();
    const { deckSize, piles, rows, cascadeSize, stockSize, draw } = this.config;
    if (this.dealt < deckSize) {
      // Nothing is shown before the deal is complete: deal as many cards afresh.
      copy.reset();
      for (let k = 0; k < this.dealt; k++) copy.applyAction(copy.sampleChance(rng));
      return copy;
    }
    // The cards the player cannot see: face-down cascade cards (which never moved since the deal)
    // and the stock cards never shown (the block behind the window; the last ones of the original
    // stock, in deal order). Deal them afresh to their places, and keep the deal order in step. The
    // places follow from what the player sees; the cards are shuffled from ascending order, not from
    // their actual places, so the sample depends only on the player's information (every state it
    // cannot tell apart draws the same sample from the same stream), and is uniform.
    const cells: number[] = [];
    for (let p = 0; p < piles; p++) for (let r = 0; r < this.hidden[p]!; r++) cells.push(p * rows + r);
    // Never-shown stock cards: behind the draw window, or (standard rules) the stock's last ones.
    const firstUnseen = this.config.standardRules ? this.queueLength - this.stockUnseen : this.head + Math.min(draw, this.queueLength);
    const slots = Array.from({ length: this.stockUnseen }, (_, i) => (firstUnseen + i) % stockSize);
    const cards = [...cells.map((cell) => this.cells[cell]!), ...slots.map((slot) => this.queue[slot]!)].sort((a, b) => a - b);
    shuffleInPlace(cards, rng);
    cells.forEach((cell, i) => {
      copy.cells[cell] = cards[i]!;
      copy.dealOrder[this.config.cellDeal[cell]!] = cards[i]!;
    });
    const firstNeverShown = cascadeSize + stockSize - this.stockUnseen;
    slots.forEach((slot, i) => {
      copy.queue[slot] = cards[cells.length + i]!;
      copy.dealOrder[firstNeverShown + i] = cards[cells.length + i]!;
    });
    copy.rebuildPool();
    return copy;
  }

  /** The full state (hidden cards included) as canonical JSON: the variant, the deal so far and the moves. */
  serialize(): string {
    const { piles, draw, idleLimit, composition, standardRules, passes, scoring } = this.config;
    const names = (cards: ArrayLike<number>, count: number): string => Array.from({ length: count }, (_, i) => Card.fromIndex(cards[i]!).toString()).join(' ');
    const data: Serialized = {
      game: 'klondike',
      piles,
      draw,
      idleLimit: idleLimit === Infinity ? null : idleLimit,
      deck: names(composition, composition.length),
      deal: names(this.dealOrder, this.dealt),
      moves: this.getMoves(),
      ...(standardRules ? { rules: 'standard' as const, passes: passesInJson(passes), scoring } : {}),
    };
    return JSON.stringify(data);
  }

  // ---- The model's queries (spec: "Queries"), for the views and the model ----

  getNumRows(): number {
    let rows = 0;
    for (let p = 0; p < this.config.piles; p++) rows = Math.max(rows, this.heights[p]!);
    return rows;
  }

  getNumPiles(): number {
    return this.config.piles;
  }

  getNumDraw(): number {
    return this.config.draw;
  }

  getNumFoundations(): number {
    return this.config.foundations;
  }

  getPileHeight(pileNum: number): number {
    this.checkPile(pileNum, 'pile');
    return this.heights[pileNum]!;
  }

  isCardVisible(pileNum: number, card: number): boolean {
    this.checkCard(pileNum, card);
    return this.isShown(pileNum, card);
  }

  getCardAt(pileNum: number, card: number): Card;
  getCardAt(foundationPile: number): Card | null;
  getCardAt(pileOrFoundation: number, card?: number): Card | null {
    if (card === undefined) {
      this.checkFoundation(pileOrFoundation);
      const top = this.foundation[pileOrFoundation]!;
      return top === NONE ? null : Card.fromIndex(top);
    }
    this.checkCard(pileOrFoundation, card);
    if (!this.isShown(pileOrFoundation, card)) throw new IllegalArgumentError(`The card at pile ${String(pileOrFoundation)}, row ${String(card)} is face-down`);
    return Card.fromIndex(this.cells[pileOrFoundation * this.config.rows + card]!);
  }

  getDrawCards(): Card[] {
    const cards: Card[] = [];
    if (this.config.standardRules) {
      // The waste's top cards, fanned as `draw` of them show, the playable one first.
      for (let i = this.waste - 1; i >= Math.max(0, this.waste - this.config.draw); i--) cards.push(Card.fromIndex(this.queue[i]!));
      return cards;
    }
    const window = Math.min(this.config.draw, this.queueLength);
    for (let i = 0; i < window; i++) {
      const c = this.queue[(this.head + i) % this.config.stockSize]!;
      if (c !== UNSEEN) cards.push(Card.fromIndex(c));
    }
    return cards;
  }

  getScore(): number {
    return this.score;
  }

  getStockCards(): (Card | null)[] {
    const cards: (Card | null)[] = [];
    // Standard rules: the stock from its top card; the waste is not in it.
    const first = this.config.standardRules ? this.waste : Math.min(this.config.draw, this.queueLength);
    for (let i = first; i < this.queueLength; i++) {
      const c = this.queue[(this.head + i) % this.config.stockSize]!;
      cards.push(this.stockSeen(i) && c !== UNSEEN ? Card.fromIndex(c) : null);
    }
    return cards;
  }

  /**
   * The points of the game so far by the scoring table (standard rules; docs/klondike.md). Standard
   * (Microsoft Solitaire's, without its clock): waste to pile +5, waste or pile to a foundation +10,
   * a face-down card turned up +5, a foundation card back onto a pile −15, the waste turned over
   * −100 when drawing one card, −20 from the fourth pass on when drawing more; never below 0.
   * Vegas: −52 to start, +5 per card put on a foundation, −5 per card taken back from one.
   * Folded from the moves when asked, so the moves themselves carry no scoring cost.
   */
  points(): number {
    const { drawToPile, pileToFoundation, movePileBase, foundationToPileBase, draw } = this.config;
    const vegas = this.config.scoring === 'vegas';
    let points = vegas ? -STANDARD_DECK_SIZE : 0;
    let recycles = 0;
    for (let i = 0; i < this.moves; i++) {
      const entry = this.history[i]!;
      const action = entry >> FLAG_BITS;
      const toFoundation = (action > DISCARD_ACTION && action < drawToPile) || (action >= pileToFoundation && action < movePileBase);
      if (vegas) {
        if (toFoundation) points += 5;
        else if (action >= foundationToPileBase) points -= 5;
        continue;
      }
      if (toFoundation) points += 10;
      else if (action >= drawToPile && action < pileToFoundation) points += 5;
      else if (action >= foundationToPileBase) points -= 15;
      else if ((entry & RECYCLED) !== 0 && (draw === 1 || ++recycles >= 3)) points -= draw === 1 ? 100 : 20;
      if ((entry & FLIPPED) !== 0) points += 5;
      if (points < 0) points = 0;
    }
    return points;
  }

  getMoves(): number[] {
    return Array.from(this.history.subarray(0, this.moves), (entry) => entry >> FLAG_BITS);
  }

  /** IllegalArgumentError (the model's) unless `pile` is a pile index. */
  checkPile(pile: number, what: string): void {
    if (!Number.isInteger(pile) || pile < 0 || pile >= this.config.piles) {
      throw new IllegalArgumentError(`Invalid ${what} ${String(pile)} (expected 0..${String(this.config.piles - 1)})`);
    }
  }

  /** IllegalArgumentError (the model's) unless `foundation` is a foundation index. */
  checkFoundation(foundation: number): void {
    if (!Number.isInteger(foundation) || foundation < 0 || foundation >= this.config.foundations) {
      throw new IllegalArgumentError(`Invalid foundation ${String(foundation)} (expected 0..${String(this.config.foundations - 1)})`);
    }
  }

  /** IllegalArgumentError (the model's) unless `(pile, card)` is a card's place. */
  checkCard(pile: number, card: number): void {
    this.checkPile(pile, 'pile');
    const height = this.heights[pile]!;
    if (!Number.isInteger(card) || card < 0 || card >= height) {
      throw new IllegalArgumentError(`Invalid row ${String(card)} of pile ${String(pile)}, which holds ${plural(height, 'card')}`);
    }
  }

  /** How promising player move `action` looks (see MoveRank). */
  rankMove(action: number): MoveRank {
    const config = this.config;
    if (action === DISCARD_ACTION) return MoveRank.Discard;
    if (action < config.drawToPile) return MoveRank.Foundation;
    if (action < config.pileToFoundation) return MoveRank.DrawToPile;
    if (action < config.movePileBase) return MoveRank.Foundation;
    if (action >= config.foundationToPileBase) return MoveRank.OtherPileMove;
    const k = action - config.movePileBase;
    const src = Math.floor(Math.floor(k / NUM_VALUES) / config.piles);
    return (k % NUM_VALUES) + 1 === this.faceUp(src) && this.hidden[src]! > 0 ? MoveRank.Uncover : MoveRank.OtherPileMove;
  }

  actionToString(action: number): string {
    if (this.phase === CHANCE) return `deals ${Card.fromIndex(action).toString()}`;
    const move = decodeAction(this.config, action);
    switch (move.kind) {
      case 'discardDraw':
        return this.config.standardRules ? 'turnStock()' : 'discardDraw()';
      case 'moveDrawToFoundation':
        return `moveDrawToFoundation(${String(move.foundation)})`;
      case 'moveDraw':
        return `moveDraw(${String(move.dest)})`;
      case 'moveToFoundation':
        return `moveToFoundation(${String(move.src)}, ${String(move.foundation)})`;
      case 'movePile':
        return `movePile(${String(move.src)}, ${String(move.count)}, ${String(move.dest)})`;
      case 'moveFoundationToPile':
        return `moveFoundationToPile(${String(move.foundation)}, ${String(move.dest)})`;
    }
  }

  /**
   * What the player sees: the textual view of the spec (cards it cannot see as `?`), with the stock
   * behind the draw window (`?` for cards never shown) and the progress counter.
   */
  toString(): string {
    const lines = viewLines(this);
    const stock = this.getStockCards().map((card) => (card === null ? '?' : card.toString()));
    lines.splice(1, 0, `Stock: ${stock.join(', ')}`);
    if (this.config.standardRules) {
      const passes = this.config.passes === Infinity ? 'unlimited passes' : `pass ${String(this.recycles + 1)} of ${String(this.config.passes)}`;
      lines.splice(2, 0, `Waste: ${String(this.waste)} cards; ${passes}`);
    }
    lines.push(`Score: ${String(this.score)}, moves without progress: ${String(this.idle)}`);
    if (this.config.standardRules) lines.push(`Points (${this.config.scoring} scoring): ${String(this.points())}`);
    return lines.join('\n');
  }
}
