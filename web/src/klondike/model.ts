/**
 * The Klondike page's pure part (no JSX, unit-tested in Node): the address, the moves as the address
 * writes them, replaying a deal on the game's own models (the rules exist once, in
 * src/games/klondike), the table as the page draws it, and moves in words. The solver's worker
 * imports this file too.
 *
 * A deal is `new BasicKlondike(seed)` dealing the standard deck shuffled: exactly the deal of
 * `tabletop klondike play --seed N --piles P --draw D` (and, under the standard rules, of
 * `… --rules standard --passes N --scoring S`, played on `EngineKlondike`); or a deal pasted in
 * Solvitaire's or PySol's text, as `klondike play --deal FILE` reads it.
 */
import { BasicKlondike } from '../../../src/games/klondike/basic-klondike.js';
import { Card } from '../../../src/games/klondike/card.js';
import { DISCARD_ACTION, encodeMove, ENGINE_STATE, type KlondikeScoring, type KlondikeState } from '../../../src/games/klondike/engine.js';
import { EngineKlondike } from '../../../src/games/klondike/engine-klondike.js';
import { klondikeRuleSet, passesWords, type KlondikeRuleSet } from '../../../src/games/klondike/rule-set.js';
import { IllegalArgumentError, IllegalStateError } from '../../../src/games/klondike/errors.js';
import type { UndoableKlondikeModel } from '../../../src/games/klondike/model.js';
import { applyMove, type KlondikeMove } from '../../../src/games/klondike/moves.js';
import { dealState, seededDeal } from '../../../src/games/klondike/solver/deal.js';
import { DIFFICULTY_GRADES, gradeInTable, type DifficultyGrade } from '../../../src/games/klondike/difficulty.js';
import { difficultyTableFor, type GradedRuleSet } from '../../../src/games/klondike/difficulty-data.js';
import { parseCoachParams, setCoachParams, type CoachState } from '../coach/state.js';
import { parseDealNumber, seedFromParams } from '../seed.js';

export const PILES = { min: 1, max: 9, standard: 7 } as const;
export const DRAWS = { min: 1, max: 5, standard: 1 } as const;
/** The standard rules' choices: draw 1 or 3, passes through the stock (Infinity: no limit). */
export const STANDARD_DRAWS = [1, 3] as const;
export const PASSES = [Infinity, 1, 3] as const;

/** The rule set a deal is played under (passes and scoring count under the standard rules only). */
export type RuleSet = KlondikeRuleSet;

/** Just the rule set of `spec` (a deal's settings carry more). */
export function ruleSetOf({ rules, draw, passes, scoring }: RuleSet): RuleSet {
  return { rules, draw, passes, scoring };
}

export const ASSIGNMENT_RULES = { rules: 'assignment', passes: Infinity, scoring: 'standard' } as const;

/** A deal: a deal number, or the cards of a pasted deal in dealing order (then `seed` is not used), under a rule set. */
export interface DealSpec extends RuleSet {
  readonly seed: number;
  readonly piles: number;
  /** A pasted deal's cards (card indices) in dealing order; null for deal `seed`. */
  readonly order: readonly number[] | null;
}

/** The model the page plays: the assignment's `BasicKlondike` or the standard rules' `EngineKlondike`. */
export type PageModel = UndoableKlondikeModel & { [ENGINE_STATE](): KlondikeState };

/** The page's difficulty choice: a grade, or any deal. */
export type DifficultyChoice = DifficultyGrade | 'any';
export const DIFFICULTY_CHOICES: readonly DifficultyChoice[] = ['any', ...DIFFICULTY_GRADES];

export interface KlondikeSettings extends DealSpec {
  readonly moves: readonly KlondikeMove[];
  /** New deals are only deals the solver proved winnable. */
  readonly winnableOnly: boolean;
  /** New deals are deals of this grade from the rule set's grading table ('any': any deal). */
  readonly difficulty: DifficultyChoice;
  /** Play the rest by itself once every pile card is face up. */
  readonly autoFinish: boolean;
  /** The coach's switches (`coach=1`, `training=1`). */
  readonly coach: CoachState;
}

// ---- Moves in the address ----
//
// One token per move, piles and foundations counted from 1 as the page shows them:
// `d` discard (draw), `s3` the draw card onto pile 3, `sf2` the draw card to foundation 2,
// `p4f1` pile 4's last card to foundation 1, `p2n3t5` three cards from pile 2 onto pile 5,
// `f2t3` (standard rules) foundation 2's top card back onto pile 3.

const TOKEN = /d|sf(\d{1,2})|s(\d{1,2})|p(\d{1,2})f(\d{1,2})|p(\d{1,2})n(\d{1,2})t(\d{1,2})|f(\d{1,2})t(\d{1,2})/y;

export function moveToken(move: KlondikeMove): string {
  switch (move.kind) {
    case 'discardDraw':
      return 'd';
    case 'moveDraw':
      return `s${String(move.dest + 1)}`;
    case 'moveDrawToFoundation':
      return `sf${String(move.foundation + 1)}`;
    case 'moveToFoundation':
      return `p${String(move.src + 1)}f${String(move.foundation + 1)}`;
    case 'movePile':
      return `p${String(move.src + 1)}n${String(move.count)}t${String(move.dest + 1)}`;
    case 'moveFoundationToPile':
      return `f${String(move.foundation + 1)}t${String(move.dest + 1)}`;
  }
}

export function movesToText(moves: readonly KlondikeMove[]): string {
  return moves.map(moveToken).join('');
}

/** The moves `text` writes, up to the first thing that is not a move (`rest` is then what is left). */
export function textToMoves(text: string): { moves: KlondikeMove[]; rest: string } {
  const moves: KlondikeMove[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (m === null) break;
    const n = (i: number): number => Number(m[i]) - 1;
    if (m[0] === 'd') moves.push({ kind: 'discardDraw' });
    else if (m[1] !== undefined) moves.push({ kind: 'moveDrawToFoundation', foundation: n(1) });
    else if (m[2] !== undefined) moves.push({ kind: 'moveDraw', dest: n(2) });
    else if (m[3] !== undefined) moves.push({ kind: 'moveToFoundation', src: n(3), foundation: n(4) });
    else if (m[5] !== undefined) moves.push({ kind: 'movePile', src: n(5), count: n(6) + 1, dest: n(7) });
    else moves.push({ kind: 'moveFoundationToPile', foundation: n(8), dest: n(9) });
    at = TOKEN.lastIndex;
  }
  return { moves, rest: text.slice(at) };
}

// ---- The address ----

export function newDealSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
}

function rangeParam(params: URLSearchParams, name: string, range: { min: number; max: number; standard: number }, what: string, problems: string[]): number {
  const text = params.get(name);
  if (text === null) return range.standard;
  const value = parseDealNumber(text);
  if (value !== null && value >= range.min && value <= range.max) return value;
  problems.push(`The ${what} "${text}" is not a whole number from ${String(range.min)} to ${String(range.max)}: ${String(range.standard)} is used.`);
  return range.standard;
}

/** A pasted deal in the address: one letter per card in dealing order (A–Z are card indices 0–25, a–z 26–51). */
const DEAL_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function orderToText(order: readonly number[]): string {
  return order.map((c) => DEAL_LETTERS[c]!).join('');
}

export function textToOrder(text: string): number[] | null {
  const order = Array.from(text, (letter) => DEAL_LETTERS.indexOf(letter));
  return order.length > 0 && order.every((c) => c >= 0) ? order : null;
}

/**
 * The rule set's words: "draw 1" (the assignment's rules), "standard rules, draw 3, 1 pass, Vegas
 * scoring"; without the scoring (`withScoring: false`) where it changes nothing, as for the grades.
 */
export function ruleWords(rules: RuleSet, { withScoring = true }: { readonly withScoring?: boolean } = {}): string {
  if (rules.rules === 'assignment') return `draw ${String(rules.draw)}`;
  const scoring = withScoring ? `, ${rules.scoring === 'vegas' ? 'Vegas' : 'standard'} scoring` : '';
  return `standard rules, draw ${String(rules.draw)}, ${passesWords(rules.passes)}${scoring}`;
}

/** The settings an address holds, and the values it could not use (in words), each replaced by its default. */
export function parseSearch(search: string, makeSeed: () => number = newDealSeed): { settings: KlondikeSettings; problems: string[] } {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const seed = seedFromParams(params, problems, makeSeed);
  const piles = rangeParam(params, 'piles', PILES, 'number of piles', problems);
  let draw = rangeParam(params, 'draw', DRAWS, 'draw size', problems);
  const flag = (name: string, standard: boolean): boolean => {
    const text = params.get(name);
    if (text === null) return standard;
    if (text === '1' || text === '0') return text === '1';
    problems.push(`"${name}=${text}" should be ${name}=1 or ${name}=0: ${standard ? '1' : '0'} is used.`);
    return standard;
  };
  const winnableOnly = flag('winnable', false);
  const difficultyText = params.get('difficulty') ?? 'any';
  let difficulty = DIFFICULTY_CHOICES.find((choice) => choice === difficultyText);
  if (difficulty === undefined) {
    problems.push(`"difficulty=${difficultyText}" should be one of ${DIFFICULTY_CHOICES.join(', ')}: any is used.`);
    difficulty = 'any';
  }
  const autoFinish = flag('auto', true);
  const coach = parseCoachParams(params, problems);
  const rules = ruleSetParams(params, draw, problems);
  draw = rules.draw;
  const dealText = params.get('deal');
  let order: number[] | null = null;
  if (dealText !== null) {
    order = textToOrder(dealText);
    if (order === null) problems.push(`"deal=${dealText}" is not a deal the page wrote: deal ${String(seed)} is dealt instead.`);
  }
  let spec: DealSpec = { seed, piles, order, ...rules };
  try {
    dealOf(spec);
  } catch (error) {
    if (!(error instanceof IllegalArgumentError || error instanceof RangeError)) throw error;
    problems.push(`The deal in the address cannot be dealt (${error.message}): deal ${String(seed)} is dealt instead.`);
    spec = { ...spec, order: null };
  }
  const text = params.get('moves') ?? '';
  const parsed = textToMoves(text);
  const replay = replaySpec(spec, parsed.moves);
  const moves = parsed.moves.slice(0, replay.applied);
  if (parsed.rest !== '') problems.push(`"${parsed.rest}" in the moves is not a move: the deal goes on from the move before it.`);
  else if (replay.error !== null) problems.push(`Move ${String(replay.applied + 1)} of the address (${moveToken(parsed.moves[replay.applied]!)}) is not legal here (${replay.error}): the deal goes on from the move before it.`);
  return { settings: { ...spec, moves, winnableOnly, difficulty, autoFinish, coach }, problems };
}

/** The address's `rules`, `passes` and `scoring` (and `draw`, which the standard rules keep to 1 or 3). */
function ruleSetParams(params: URLSearchParams, draw: number, problems: string[]): RuleSet {
  const rulesText = params.get('rules') ?? 'assignment';
  if (rulesText !== 'standard') {
    if (rulesText !== 'assignment') problems.push(`"rules=${rulesText}" should be rules=assignment or rules=standard: the assignment's rules are used.`);
    return klondikeRuleSet({ draw });
  }
  if (!(STANDARD_DRAWS as readonly number[]).includes(draw)) {
    problems.push(`The standard rules draw 1 or 3 cards, not ${String(draw)}: 1 is used.`);
    draw = 1;
  }
  const passesText = params.get('passes') ?? 'unlimited';
  let passes: number = passesText === 'unlimited' ? Infinity : Number(passesText);
  if (!(PASSES as readonly number[]).includes(passes)) {
    problems.push(`"passes=${passesText}" should be passes=unlimited, 1 or 3: unlimited is used.`);
    passes = Infinity;
  }
  const scoringText = params.get('scoring') ?? 'standard';
  let scoring: KlondikeScoring = scoringText === 'vegas' ? 'vegas' : 'standard';
  if (scoringText !== 'vegas' && scoringText !== 'standard') {
    problems.push(`"scoring=${scoringText}" should be scoring=standard or scoring=vegas: standard is used.`);
    scoring = 'standard';
  }
  return { rules: 'standard', draw, passes, scoring };
}

export function toSearch(settings: KlondikeSettings): string {
  const params = new URLSearchParams();
  if (settings.order === null) params.set('seed', String(settings.seed));
  else params.set('deal', orderToText(settings.order));
  params.set('draw', String(settings.draw));
  params.set('piles', String(settings.piles));
  if (settings.rules === 'standard') {
    params.set('rules', 'standard');
    params.set('passes', settings.passes === Infinity ? 'unlimited' : String(settings.passes));
    params.set('scoring', settings.scoring);
  }
  if (settings.winnableOnly) params.set('winnable', '1');
  if (settings.difficulty !== 'any') params.set('difficulty', settings.difficulty);
  if (!settings.autoFinish) params.set('auto', '0');
  setCoachParams(params, settings.coach);
  if (settings.moves.length > 0) params.set('moves', movesToText(settings.moves));
  return `?${params.toString()}`;
}

// ---- Difficulty ----

/** The rule set as the grading tables name it (scoring changes no move). */
export function gradedRuleSetOf(rules: RuleSet): GradedRuleSet {
  return { rules: rules.rules, draw: rules.draw, passes: rules.rules === 'standard' ? rules.passes : Infinity };
}

/** Why no deal of a grade can be picked for a next deal of `rules` with `piles` piles, or null when it can. */
export function noGradesReason(rules: RuleSet, piles: number): string | null {
  if (piles !== PILES.standard) return `Deals are graded with ${String(PILES.standard)} piles only.`;
  if (difficultyTableFor(gradedRuleSetOf(rules)) !== null) return null;
  const words = rules.rules === 'assignment' ? `the assignment's rules, draw ${String(rules.draw)}` : ruleWords(rules, { withScoring: false });
  return `No deals are graded for ${words} yet.`;
}

/** The grade of deal `spec` in its rule set's table (a numbered deal with 7 piles), or null when it is not graded. */
export function gradeOfDeal(spec: DealSpec): DifficultyGrade | null {
  if (spec.order !== null || spec.piles !== PILES.standard) return null;
  const table = difficultyTableFor(gradedRuleSetOf(spec));
  return table === null ? null : gradeInTable(table, spec.seed);
}

// ---- The deal ----

/** Deal `seed` (the standard deck shuffled by `BasicKlondike(seed)`) under the assignment's rules, before any move. */
export function dealModel(seed: number, piles: number, draw: number): BasicKlondike {
  const model = new BasicKlondike(seed);
  model.startGame(model.getDeck(), true, piles, draw);
  return model;
}

/**
 * The deal `spec` describes, before any move, on the model of its rule set (the CLI's `klondike
 * play` deals the same way). IllegalArgumentError or RangeError for a pasted deal that cannot be dealt.
 */
export function dealOf(spec: DealSpec): PageModel {
  if (spec.order === null && spec.rules === 'assignment') return dealModel(spec.seed, spec.piles, spec.draw);
  const order = spec.order ?? Array.from(seededDeal(spec.seed, spec.piles, spec.draw).dealOrder);
  if (spec.rules === 'standard') return new EngineKlondike(dealState(order, spec.piles, spec));
  const model = new BasicKlondike();
  model.startGame(
    order.map((c) => Card.fromIndex(c)),
    false,
    spec.piles,
    spec.draw,
  );
  return model;
}

/** Deal `seed` (assignment's rules) with `moves` made, as far as they are legal (see `replaySpec`). */
export function replayDeal(seed: number, piles: number, draw: number, moves: readonly KlondikeMove[]): { model: BasicKlondike; applied: number; error: string | null } {
  const model = dealModel(seed, piles, draw);
  return { model, ...replayOn(model, moves) };
}

/** The deal of `spec` with `moves` made, as far as they are legal: `applied` moves, and the model's reason the next one was refused. */
export function replaySpec(spec: DealSpec, moves: readonly KlondikeMove[]): { model: PageModel; applied: number; error: string | null } {
  const model = dealOf(spec);
  return { model, ...replayOn(model, moves) };
}

function replayOn(model: PageModel, moves: readonly KlondikeMove[]): { applied: number; error: string | null } {
  for (let i = 0; i < moves.length; i++) {
    const error = tryMove(model, moves[i]!);
    if (error !== null) return { applied: i, error };
  }
  return { applied: moves.length, error: null };
}

/** Makes `move` on `model`, or returns the model's reason it is not legal (and changes nothing). */
export function tryMove(model: PageModel, move: KlondikeMove): string | null {
  try {
    applyMove(model, move);
    return null;
  } catch (error) {
    if (error instanceof IllegalStateError || error instanceof IllegalArgumentError || error instanceof RangeError) return error.message;
    throw error;
  }
}

// ---- The table as the page draws it ----

export interface PileView {
  /** Card indices (`Card.index`) from the first card dealt; null for a face-down card. */
  readonly cards: readonly (number | null)[];
}

export interface TableView {
  readonly piles: readonly PileView[];
  /** Each foundation's top card index, or null. */
  readonly foundations: readonly (number | null)[];
  /** The draw cards shown, the playable one first (standard rules: the waste's top cards, fanned). */
  readonly window: readonly number[];
  /** Cards in the draw pile (the stock), the ones shown included under the assignment's rules, the waste not under the standard ones. */
  readonly stock: number;
  /** Face-down cards in the stock (what the stock's count shows). */
  readonly stockDown: number;
  /** Whether Draw does something: turns the stock, or (standard rules) the waste over. */
  readonly canDraw: boolean;
  /** Cards on the foundations. */
  readonly score: number;
  readonly maxScore: number;
  readonly won: boolean;
  /** Standard rules: the rule set's points (`KlondikeState.points`); null under the assignment's. */
  readonly points: number | null;
  /** Standard rules with a limit: passes through the stock left, this one included; null when unlimited. */
  readonly passesLeft: number | null;
  /** Standard rules: a foundation's top card may go back onto a pile. */
  readonly foundationsPlayable: boolean;
}

export function tableOf(model: PageModel): TableView {
  const piles: PileView[] = [];
  for (let p = 0; p < model.getNumPiles(); p++) {
    const cards: (number | null)[] = [];
    for (let r = 0; r < model.getPileHeight(p); r++) cards.push(model.isCardVisible(p, r) ? model.getCardAt(p, r).index : null);
    piles.push({ cards });
  }
  const foundations: (number | null)[] = [];
  for (let f = 0; f < model.getNumFoundations(); f++) foundations.push(model.getCardAt(f)?.index ?? null);
  const state = model[ENGINE_STATE]();
  const { standardRules, passes, deckSize } = state.config;
  const score = model.getScore();
  const window = model.getDrawCards().map((card) => card.index);
  const stock = standardRules ? state.queueLength - state.waste : state.queueLength;
  return {
    piles,
    foundations,
    window,
    stock,
    stockDown: standardRules ? stock : stock - window.length,
    canDraw: standardRules ? state.isLegalMove(DISCARD_ACTION) : stock > 0,
    score,
    maxScore: deckSize,
    won: score === deckSize,
    points: standardRules ? state.points() : null,
    passesLeft: standardRules && passes !== Infinity ? passes - state.recycles : null,
    foundationsPlayable: standardRules,
  };
}

// ---- Cards and moves in words ----

const VALUE_WORDS = ['Ace', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Jack', 'Queen', 'King'] as const;
const SUIT_WORDS = ['Clubs', 'Diamonds', 'Hearts', 'Spades'] as const;

/** "Seven of Hearts" for a Klondike card index: what a screen reader says for a card. */
export function cardWords(index: number): string {
  const card = Card.fromIndex(index);
  return `${VALUE_WORDS[card.value - 1]!} of ${SUIT_WORDS[card.suitIndex]!}`;
}

export function isRed(index: number): boolean {
  return Card.fromIndex(index).isRed;
}

/** The first foundation the card may go to, or -1. */
export function foundationFor(model: PageModel, card: number): number {
  const state = model[ENGINE_STATE]();
  for (let f = 0; f < state.config.foundations; f++) if (state.canFound(card, f)) return f;
  return -1;
}

/**
 * Where a selection can come from: the draw card, pile `pile` from row `row` (null: the run that
 * fits the destination), or (standard rules) foundation `foundation`'s top card.
 */
export type Source =
  | { readonly from: 'draw' }
  | { readonly from: 'pile'; readonly pile: number; readonly row: number | null }
  | { readonly from: 'foundation'; readonly foundation: number };
export type Target = { readonly to: 'pile'; readonly pile: number } | { readonly to: 'foundation'; readonly foundation: number | null };

/**
 * The model move that takes `source` to `target`, or the reason there is none. A pile source without a
 * row moves the one run whose first card fits the destination (the face-up cards are one build, so
 * at most one does); a foundation without a number is the first that takes the card.
 */
export function moveFor(model: PageModel, source: Source, target: Target): KlondikeMove | string {
  const state = model[ENGINE_STATE]();
  if (source.from === 'foundation') {
    if (!state.config.standardRules) return "A card never comes back from a foundation under the assignment's rules.";
    if (model.getCardAt(source.foundation) === null) return `Foundation ${String(source.foundation + 1)} is empty.`;
    if (target.to === 'foundation') return 'That card is on a foundation already: choose a pile for it.';
    return { kind: 'moveFoundationToPile', foundation: source.foundation, dest: target.pile };
  }
  if (source.from === 'draw') {
    const card = state.drawCard();
    if (card < 0) return 'The draw pile is empty.';
    if (target.to === 'pile') return { kind: 'moveDraw', dest: target.pile };
    const f = target.foundation ?? foundationFor(model, card);
    return { kind: 'moveDrawToFoundation', foundation: f < 0 ? 0 : f };
  }
  const height = model.getPileHeight(source.pile);
  if (height === 0) return `Pile ${String(source.pile + 1)} is empty.`;
  if (target.to === 'foundation') {
    if (source.row !== null && source.row !== height - 1) return 'Only one card at a time goes to a foundation: the last card of a pile.';
    const f = target.foundation ?? foundationFor(model, state.lastCard(source.pile));
    return { kind: 'moveToFoundation', src: source.pile, foundation: f < 0 ? 0 : f };
  }
  if (target.pile === source.pile) return 'That card is already on this pile.';
  if (source.row !== null) return { kind: 'movePile', src: source.pile, count: height - source.row, dest: target.pile };
  const up = state.faceUp(source.pile);
  for (let count = 1; count <= up; count++) {
    const move: KlondikeMove = { kind: 'movePile', src: source.pile, count, dest: target.pile };
    if (state.isLegalMove(encodeMove(state.config, move))) return move;
  }
  // None fits: the model's own reason for the last card.
  return { kind: 'movePile', src: source.pile, count: 1, dest: target.pile };
}

