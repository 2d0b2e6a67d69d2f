/**
 * A solver for Klondike under the standard rules with every card known ("thoughtful" Klondike):
 * draw 1 or 3 from a waste, passes through the stock limited or not, cards back from the
 * foundations. Every winning line is replayed through the engine on a fresh copy of the position
 * before it is reported.
 *
 * Decks of distinct cards (every deck but several decks' runs) are searched on an abstract position
 * that forgets where the face-up cards lie (card-set-search.ts). The rest are searched over the engine itself
 * (`KlondikeState.applyAction` / `undo`), as follows: depth-first, moves tried in the hint's order
 * (to a foundation, a move that turns a card up, waste to pile, other pile moves, a foundation card
 * back), the stock turned only on the way to playing its top card (see `stepsToTry`), with a
 * table of every position visited, stored as its exact text (a position seen before is not searched
 * again, so a collision cannot hide a win). Pruning, each sound:
 * - a pile's last card that nothing can need any more goes to its foundation at once, without
 *   branching: an Ace or a Two, or a card whose possible tenants (the cards one lower of the other
 *   colour) are all on the foundations already (not from the waste: see `stepsToTry`), unless
 *   another copy of it is still off the foundations (see `hasTwinLeft`);
 * - a King-led pile that is all face up never moves to an empty pile (that changes nothing);
 * - under unlimited passes the pass count is left out of the position (it allows nothing new).
 * So "unwinnable" means every position reachable under these rules was searched.
 */
import { decodeAction, encodeMove, KlondikeState } from '../engine.js';
import type { KlondikeMove } from '../moves.js';
import { STANDARD_DECK_SIZE } from '../card.js';
import { canBuildOn, NONE, RED, SUIT, VALUE } from '../rules.js';
import { distinctCards, searchCardSets, type CardSetOutcome, type CardSetStep, type ThoughtfulOrder } from './card-set-search.js';
import { cpuNow, withoutIdleLimit, type SolveBudget, type SolveResult, type SolveVerdict } from './solver.js';

/** The share of the budget of `solveStandard`'s first pass (see there). */
const FIRST_PASS_SHARE = 0.25;

/** The defaults of `solveStandard`: positions and time per deal. */
export const STANDARD_BUDGET = { timeMs: 10_000, maxStates: 2_000_000 } as const;

/**
 * Whether card c on a foundation can never be needed on a pile again (see the file's comment): an
 * Ace or a Two, or every foundation of the other colour holds the card one lower already.
 */
function isSafeToFound(state: KlondikeState, c: number, otherColourRuns: number): boolean {
  const value = VALUE[c]!;
  if (value <= 2) return true;
  let covered = 0;
  for (const top of state.foundation) if (top >= 0 && RED[top] !== RED[c] && VALUE[top]! >= value - 1) covered++;
  return covered === otherColourRuns;
}

/**
 * Whether another copy of card c (several decks' runs) is still off the foundations: then c going up
 * takes a foundation place that copy may need (the one whose going up turns a card face up), so
 * which copy goes up is a choice, not a forced move.
 */
function hasTwinLeft(state: KlondikeState, c: number, copies: Int8Array): boolean {
  let up = 0;
  for (const top of state.foundation) if (top >= 0 && SUIT[top] === SUIT[c] && VALUE[top]! >= VALUE[c]!) up++;
  return copies[c]! - up > 1;
}

/** The position's exact text: piles (face-down count and cards), stock and waste, foundations and passes. */
function positionKey(state: KlondikeState, withPasses: boolean): string {
  const { piles, rows } = state.config;
  let key = '';
  for (let p = 0; p < piles; p++) {
    key += String.fromCharCode(65 + state.hidden[p]!);
    const base = p * rows;
    for (let r = 0; r < state.heights[p]!; r++) key += String.fromCharCode(48 + state.cells[base + r]!);
    key += '|';
  }
  for (let i = 0; i < state.queueLength; i++) key += String.fromCharCode(48 + state.queue[i]!);
  key += `/${String(state.waste)}/`;
  for (const top of state.foundation) key += String.fromCharCode(48 + top);
  if (withPasses) key += `/${String(state.recycles)}`;
  return key;
}

/** A step of the search: `turns` turns of the stock (or the waste over), then the move `action`. */
interface Step {
  readonly turns: number;
  readonly action: number;
  readonly rank: number;
}

/**
 * The steps to try at a position, best first (see the file's comment); a forced safe move alone when
 * there is one. The stock is turned only on the way to playing its top card: turning it touches no
 * pile, so any winning line can be reordered that way. The turns go once round the stock, until the
 * waste is as large as it was at some earlier turn (later rounds only come back to the same
 * positions, with fewer passes left).
 */
function stepsToTry(state: KlondikeState, buffer: Int32Array, runsOfColour: readonly number[], copies: Int8Array): Step[] {
  const { drawToPile, pileToFoundation, movePileBase, foundationToPileBase } = state.config;
  const steps: Step[] = [];
  const count = state.legalActions(buffer);
  for (let i = 0; i < count; i++) {
    const action = buffer[i]!;
    if (action < pileToFoundation) continue; // the stock and the waste: below
    let rank: number;
    if (action < movePileBase) {
      const src = Math.floor((action - pileToFoundation) / state.config.foundations);
      const card = state.lastCard(src);
      if (isSafeToFound(state, card, runsOfColour[1 - RED[card]!]!) && !hasTwinLeft(state, card, copies)) return [{ turns: 0, action, rank: 0 }];
      rank = 0;
    } else if (action >= foundationToPileBase) rank = 5;
    else {
      const move = decodeAction(state.config, action);
      if (move.kind !== 'movePile') continue;
      const height = state.heights[move.src]!;
      // A whole face-up pile from row 0 to an empty pile changes nothing.
      if (move.count === height && state.hidden[move.src] === 0 && state.heights[move.dest] === 0) continue;
      rank = move.count === height - state.hidden[move.src]! && state.hidden[move.src]! > 0 ? 1 : 3;
    }
    steps.push({ turns: 0, action, rank });
  }
  // The waste's top card after 0, 1, 2, … turns of the stock, wherever it can go.
  const seenWaste = new Set<number>([state.waste]);
  let turns = 0;
  for (;;) {
    const top = state.drawCard();
    if (top >= 0) {
      for (let f = 0; f < state.config.foundations; f++) {
        if (state.canFound(top, f)) {
          steps.push({ turns, action: 1 + f, rank: 0 });
          break; // foundations a card fits are interchangeable
        }
      }
      for (let p = 0; p < state.config.piles; p++) if (state.canBuild(top, p)) steps.push({ turns, action: drawToPile + p, rank: 2 });
    }
    if (!state.isLegalMove(0)) break;
    state.applyAction(0);
    turns++;
    if (seenWaste.has(state.waste)) break;
    seenWaste.add(state.waste);
  }
  for (let t = 0; t < turns; t++) state.undo();
  return steps.sort((a, b) => a.rank - b.rank || a.turns - b.turns || a.action - b.action);
}

/**
 * The plain search over the engine (see the file's comment), for decks with repeated cards, which
 * the card-set search does not take.
 */
function searchEngine(deal: KlondikeState, timeMs: number, maxStates: number): SolveResult {
  const started = performance.now();
  const state = deal.clone();
  const withPasses = state.config.passes !== Infinity;
  const seen = new Set<string>();
  const buffer = new Int32Array(state.config.numActions);
  const line: number[] = [];
  // Foundations (one per Ace) of each colour: black (index 0) and red (index 1).
  const runsOfColour = [0, 0];
  for (const c of state.config.composition) if (VALUE[c] === 1) runsOfColour[RED[c]!]!++;
  // How many copies of each card the deck holds.
  const copies = new Int8Array(STANDARD_DECK_SIZE);
  for (const c of state.config.composition) copies[c]!++;
  let outOfBudget = false;
  const won = (): boolean => state.score === state.config.deckSize;

  // Depth first with an explicit stack (a line may be thousands of moves deep): each frame is a
  // position's steps and the next one to try; a step made is undone when its frame moves on.
  const enter = (): Step[] | null => {
    const key = positionKey(state, withPasses);
    if (seen.has(key)) return null;
    if (seen.size >= maxStates || ((seen.size & 1023) === 0 && performance.now() - started > timeMs)) {
      outOfBudget = true;
      return null;
    }
    seen.add(key);
    return stepsToTry(state, buffer, runsOfColour, copies);
  };
  const search = (): boolean => {
    if (won()) return true;
    const first = enter();
    if (first === null) return false;
    const frames: { steps: Step[]; next: number }[] = [{ steps: first, next: 0 }];
    while (frames.length > 0 && !outOfBudget) {
      const frame = frames[frames.length - 1]!;
      if (frame.next > 0) {
        // Take back the step this frame made last.
        const made = frame.steps[frame.next - 1]!;
        line.length -= made.turns + 1;
        for (let t = 0; t <= made.turns; t++) state.undo();
      }
      if (frame.next === frame.steps.length) {
        frames.pop();
        continue;
      }
      const step = frame.steps[frame.next++]!;
      for (let t = 0; t < step.turns; t++) state.applyAction(0);
      state.applyAction(step.action);
      for (let t = 0; t < step.turns; t++) line.push(0);
      line.push(step.action);
      if (won()) return true;
      const steps = enter();
      if (steps !== null) frames.push({ steps, next: 0 });
    }
    return false;
  };

  const found = search();
  const elapsedMs = performance.now() - started;
  if (!found) return { verdict: outOfBudget ? 'undecided' : 'unwinnable', moves: null, furthest: null, states: seen.size, elapsedMs };
  // The line must win when replayed move by move on the deal itself (the search ignores a lab game's idle limit).
  const replay = withoutIdleLimit(deal);
  const moves: KlondikeMove[] = line.map((action) => {
    if (!replay.isLegalMove(action)) throw new Error('Klondike standard solver defect: its line makes an illegal move');
    const move = decodeAction(replay.config, action);
    replay.applyAction(action);
    return move;
  });
  if (replay.score !== replay.config.deckSize) throw new Error('Klondike standard solver defect: its line does not win');
  return { verdict: 'winnable', moves, furthest: null, states: seen.size, elapsedMs };
}

/**
 * Whether the dealt position `deal` (standard rules, no idle limit needed) can be won with every card
 * known, and a winning line (replayed on a fresh copy before it is returned). Undecided when the
 * budget runs out first. Decks of distinct cards (every deck but several decks' runs) are searched
 * by the card-set search (card-set-search.ts), the others by the plain search over the engine.
 */
export function solveStandard(deal: KlondikeState, budget: SolveBudget = {}): SolveResult {
  const started = performance.now();
  const searched = searchStandard(deal, budget);
  if ('verdict' in searched) return searched;
  const { outcome, states } = searched;
  const elapsedMs = (): number => performance.now() - started;
  if (outcome.line === null) return { verdict: outcome.result === 'lost' ? 'unwinnable' : 'undecided', moves: null, furthest: null, states, elapsedMs: elapsedMs() };
  return { verdict: 'winnable', moves: replayCardSetLine(deal, outcome.line), furthest: null, states, elapsedMs: elapsedMs() };
}

/**
 * The verdict of `solveStandard` and the positions it searched, without the winning line: for
 * the honest players, which solve thousands of sampled deals a move and use only whether each is
 * won. Building the line and replaying it through the engine (a copy of the deal, a move checked
 * and made at a time) cost them more than their small searches did.
 */
export function standardVerdict(deal: KlondikeState, budget: SolveBudget = {}): { readonly verdict: SolveVerdict; readonly states: number } {
  const searched = searchStandard(deal, budget);
  if ('verdict' in searched) return { verdict: searched.verdict, states: searched.states };
  const { outcome, states } = searched;
  return { verdict: outcome.line !== null ? 'winnable' : outcome.result === 'lost' ? 'unwinnable' : 'undecided', states };
}

/** The search of `solveStandard`: the card-set search's outcome, or the engine search's whole result for the decks it does not take. */
function searchStandard(deal: KlondikeState, budget: SolveBudget): SolveResult | { readonly outcome: CardSetOutcome; readonly states: number } {
  if (!deal.config.standardRules) throw new RangeError('solveStandard solves the standard rules; the assignment rules have their own solver (solveKlondike)');
  if (deal.dealt !== deal.config.deckSize) throw new RangeError('The deal is not complete');
  const timeMs = budget.timeMs ?? STANDARD_BUDGET.timeMs;
  const maxStates = budget.maxStates ?? STANDARD_BUDGET.maxStates;
  if (!(timeMs >= 0) || !(maxStates >= 1)) throw new RangeError('The solver budget needs timeMs ≥ 0 and maxStates ≥ 1');
  const { config } = deal;
  const bySets = distinctCards(Array.from(deal.dealOrder)) && (config.passes === Infinity || config.passes < 1 << 15);
  if (!bySets) return searchEngine(deal, timeMs, maxStates);
  const now = budget.clock === 'cpu' ? cpuNow : () => performance.now();
  const start = now();
  const piles = Array.from({ length: config.piles }, (_, p) => Array.from(deal.cells.subarray(p * config.rows, p * config.rows + deal.heights[p]!)));
  const talon = Array.from(deal.queue.subarray(0, deal.queueLength));
  const tops = [0, 0, 0, 0];
  for (const top of deal.foundation) if (top !== NONE) tops[SUIT[top]!] = VALUE[top]!;
  const position = { piles, hidden: Array.from(deal.hidden), talon, cursor: deal.waste, recycles: deal.recycles, tops, draw: config.draw, passes: config.passes };
  // A first pass in the other order on a quarter of the budget finds many wins the main order is
  // slow to (see ThoughtfulOrder); either pass that ends unbeaten has searched everything.
  const pass = (order: ThoughtfulOrder, untilMs: number, states: number): CardSetOutcome =>
    searchCardSets(position, { maxStates: Math.max(1, states), outOfTime: () => now() - start > untilMs }, order);
  const first = pass('builds first', timeMs * FIRST_PASS_SHARE, Math.floor(maxStates * FIRST_PASS_SHARE));
  if (first.result !== 'budget') return { outcome: first, states: first.states };
  const outcome = pass('deepest first', timeMs, maxStates - first.states);
  return { outcome, states: first.states + outcome.states };
}

function foundationFor(replay: KlondikeState, card: number): number {
  for (let f = 0; f < replay.config.foundations; f++) if (replay.canFound(card, f)) return f;
  throw new Error('Klondike standard solver defect: its line puts up a card no foundation takes');
}

/** Turns the stock until the waste holds `cursor` cards of the talon (at most twice round it). */
function turnTo(replay: KlondikeState, cursor: number, play: (move: KlondikeMove) => void): void {
  for (let turns = 0; replay.waste !== cursor; turns++) {
    if (turns > 2 * replay.queueLength + 2) throw new Error('Klondike standard solver defect: its line plays a talon card the stock never shows');
    play({ kind: 'discardDraw' });
  }
}

/**
 * The engine moves of a winning line of the card-set search (card-set-search.ts), which says what
 * moves but not between which piles: each card goes onto a pile whose last card takes it (any one:
 * the search's counts say one exists), and a card to go up from under a build first has that build
 * moved onto its twin. Each move is checked legal on a fresh copy of the deal, which they must win.
 */
function replayCardSetLine(deal: KlondikeState, line: readonly CardSetStep[]): KlondikeMove[] {
  // The search ignores a lab game's idle limit: a line may make more idle moves in a row than it allows.
  const replay = withoutIdleLimit(deal);
  const { config } = replay;
  const moves: KlondikeMove[] = [];
  const play = (move: KlondikeMove): void => {
    const action = encodeMove(config, move);
    if (!replay.isLegalMove(action)) throw new Error(`Klondike standard solver defect: its line makes an illegal move (${JSON.stringify(move)})`);
    replay.applyAction(action);
    moves.push(move);
  };
  const { piles, rows } = config;
  const pileTaking = (card: number, except: number): number => {
    for (let p = 0; p < piles; p++) if (p !== except && canBuildOn(card, replay.lastCard(p))) return p;
    throw new Error('Klondike standard solver defect: its line puts a card where no pile takes it');
  };
  const place = (card: number): { pile: number; row: number } => {
    for (let p = 0; p < piles; p++) {
      for (let r = replay.hidden[p]!; r < replay.heights[p]!; r++) if (replay.cells[p * rows + r] === card) return { pile: p, row: r };
    }
    throw new Error('Klondike standard solver defect: its line moves a card that is not face up on a pile');
  };
  for (const step of line) {
    switch (step.kind) {
      case 'pileUp': {
        const { pile, row } = place(step.card);
        const above = replay.heights[pile]! - row - 1;
        // The build on the card moves onto its twin (the same value and colour), which is uncovered.
        if (above > 0) play({ kind: 'movePile', src: pile, count: above, dest: pileTaking(replay.cells[pile * rows + row + 1]!, pile) });
        play({ kind: 'moveToFoundation', src: pile, foundation: foundationFor(replay, step.card) });
        break;
      }
      case 'reveal': {
        const { pile, row } = place(step.card);
        play({ kind: 'movePile', src: pile, count: replay.heights[pile]! - row, dest: pileTaking(step.card, pile) });
        break;
      }
      case 'foundationDown': {
        const f = replay.foundation.indexOf(step.card);
        play({ kind: 'moveFoundationToPile', foundation: f, dest: pileTaking(step.card, -1) });
        break;
      }
      default:
        turnTo(replay, step.cursor, play);
        if (replay.drawCard() !== step.card) throw new Error('Klondike standard solver defect: its line plays a talon card that is not there');
        play(step.kind === 'talonUp' ? { kind: 'moveDrawToFoundation', foundation: foundationFor(replay, step.card) } : { kind: 'moveDraw', dest: pileTaking(step.card, -1) });
    }
  }
  if (replay.score !== config.deckSize) throw new Error('Klondike standard solver defect: its line does not win');
  return moves;
}
