/**
 * Deals that travel: a Klondike deal read from and written in the formats other solvers take, so a
 * deal can be solved here and there alike. A deal is its cards in dealing order (the `--deck`
 * notation of solver/deal.ts: the cascade row by row, left to right, then the stock from its top
 * card, the first turned); these functions turn that order into text and back.
 *
 * Solvitaire's JSON deal (Blake & Gent's solver; lonelybot writes it too):
 *   {"tableau piles": [["KH"], ["10d", "7S"], …], "stock": ["6s", …, "AC"]}
 * Each pile from its first card (the bottom) to its last (the face-up one); a card is its rank
 * (A 2..10 J Q K) and suit letter (C D H S), the suit in lower case for a face-down card. The stock
 * is listed from its bottom card to its top: Solvitaire places the cards one by one and deals from
 * the last placed. A "waste" and "foundations" may be given, empty (a deal, not a game under way).
 *
 * PySol's board text (the text PySolFC hands its solvers, one pile per line):
 *   Talon: 6S KC JH … AC
 *   Foundations: H-0 C-0 D-0 S-0
 *   <KH>
 *   <TD> 7S
 * Each pile from its first card to its last, face-down cards in angle brackets; ranks A 2..9 T J Q K
 * (10 is read too), suits C D H S. The talon (stock) is listed from its top card, the first turned.
 * Lines may start with ': ' (fc-solve's column prefix); empty lines are skipped.
 */
import { Card } from './card.js';
import { IllegalArgumentError } from './errors.js';
import { deckProblem } from './rules.js';
import { dealFromText } from './solver/deal.js';

/** A deal: the pile count and the cards in dealing order (card indices). */
export interface DealOrder {
  readonly piles: number;
  readonly order: readonly number[];
}

export const DEAL_FORMATS = ['solvitaire', 'pysol', 'deck'] as const;
export type DealFormat = (typeof DEAL_FORMATS)[number];

const SUIT_LETTERS = 'CDHS'; // in SUITS order: ♣ ♢ ♡ ♠
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** The piles of a deal, each from its first card (row 0) to its face-up last, and the stock from its top. */
function layout({ piles, order }: DealOrder): { columns: number[][]; stock: number[] } {
  const columns: number[][] = Array.from({ length: piles }, () => []);
  let next = 0;
  for (let row = 0; row < piles; row++) for (let p = row; p < piles; p++) columns[p]!.push(order[next++]!);
  return { columns, stock: order.slice(next) };
}

/** The dealing order of piles (each from row 0) and a stock (from its top); IllegalArgumentError unless a valid deal. */
function fromLayout(columns: readonly (readonly Card[])[], stock: readonly Card[], source: string): DealOrder {
  const piles = columns.length;
  if (piles === 0) throw new IllegalArgumentError(`${source}: no piles`);
  columns.forEach((column, p) => {
    if (column.length !== p + 1) throw new IllegalArgumentError(`${source}: pile ${String(p + 1)} holds ${String(column.length)} cards; a Klondike deal puts p cards in pile p (1, 2, … ${String(piles)} from the left)`);
  });
  const cards = [...columns.flat(), ...stock];
  const problem = deckProblem(cards);
  if (problem !== null) throw new IllegalArgumentError(`${source}: the ${String(cards.length)} cards are not a valid deck: ${problem}`);
  const order: number[] = [];
  for (let row = 0; row < piles; row++) for (let p = row; p < piles; p++) order.push(columns[p]![row]!.index);
  for (const card of stock) order.push(card.index);
  return { piles, order };
}

/** A card in Solvitaire's or PySol's letters: rank then suit letter (10 written `ten`). */
function cardLetters(c: number, ten: string): string {
  const card = Card.fromIndex(c);
  return `${card.value === 10 ? ten : RANKS[card.value - 1]!}${SUIT_LETTERS[card.suitIndex]!}`;
}

/** Reads `AH`, `10d`, `Tc` (any case); IllegalArgumentError naming `where`. */
function parseLetters(text: string, where: string): Card {
  const match = /^(A|[2-9]|10|T|J|Q|K)([CDHS])$/i.exec(text.trim());
  if (match === null) throw new IllegalArgumentError(`${where}: '${text}' is not a card (a rank A, 2..10 or T, J, Q, K and a suit C, D, H or S, e.g. 10H)`);
  const rank = match[1]!.toUpperCase();
  return Card.fromIndex(SUIT_LETTERS.indexOf(match[2]!.toUpperCase()) * 13 + (rank === 'T' ? 9 : RANKS.indexOf(rank as (typeof RANKS)[number])));
}

/** The deal as Solvitaire's JSON deal (see the file's comment). */
export function toSolvitaire(deal: DealOrder): string {
  const { columns, stock } = layout(deal);
  const name = (c: number, faceDown: boolean): string => {
    const letters = cardLetters(c, '10');
    return JSON.stringify(faceDown ? letters.slice(0, -1) + letters.slice(-1).toLowerCase() : letters);
  };
  const piles = columns.map((column) => `    [${column.map((c, row) => name(c, row < column.length - 1)).join(', ')}]`);
  // Solvitaire deals the stock's last card first: the bottom card is listed first.
  const stockText = stock
    .slice()
    .reverse()
    .map((c) => name(c, true))
    .join(', ');
  return `{\n  "tableau piles": [\n${piles.join(',\n')}\n  ],\n  "stock": [${stockText}]\n}\n`;
}

/** Reads Solvitaire's JSON deal; IllegalArgumentError naming the first problem. */
export function fromSolvitaire(text: string): DealOrder {
  const source = "Solvitaire's JSON deal";
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new IllegalArgumentError(`${source}: not JSON (${(error as Error).message})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new IllegalArgumentError(`${source}: expected an object with "tableau piles" and "stock"`);
  const record = data as Record<string, unknown>;
  const cardsOf = (value: unknown, where: string): Card[] => {
    if (!Array.isArray(value)) throw new IllegalArgumentError(`${source}: ${where} must be a list of cards`);
    return value.map((item, i) => {
      if (typeof item !== 'string') throw new IllegalArgumentError(`${source}: ${where}, entry ${String(i + 1)}, is not a card name`);
      return parseLetters(item, `${source}, ${where}`);
    });
  };
  const tableau = record['tableau piles'];
  if (!Array.isArray(tableau)) throw new IllegalArgumentError(`${source}: "tableau piles" must be a list of piles`);
  const columns = tableau.map((pile, p) => cardsOf(pile, `pile ${String(p + 1)}`));
  const stock = cardsOf(record.stock ?? [], '"stock"').reverse();
  if (record.waste !== undefined && cardsOf(record.waste, '"waste"').length > 0) throw new IllegalArgumentError(`${source}: the waste must be empty (a deal, not a game under way)`);
  const foundations = record.foundations;
  if (foundations !== undefined && (!Array.isArray(foundations) || foundations.some((f) => cardsOf(f, '"foundations"').length > 0))) {
    throw new IllegalArgumentError(`${source}: the foundations must be empty (a deal, not a game under way)`);
  }
  return fromLayout(columns, stock, source);
}

/** The deal as PySol's board text (see the file's comment). */
export function toPysol(deal: DealOrder): string {
  const { columns, stock } = layout(deal);
  const lines = [`Talon: ${stock.map((c) => cardLetters(c, 'T')).join(' ')}`, 'Foundations: H-0 C-0 D-0 S-0'];
  for (const column of columns) lines.push(column.map((c, row) => (row < column.length - 1 ? `<${cardLetters(c, 'T')}>` : cardLetters(c, 'T'))).join(' '));
  return `${lines.join('\n')}\n`;
}

/** Reads PySol's board text; IllegalArgumentError naming the first problem. */
export function fromPysol(text: string): DealOrder {
  const source = "PySol's board";
  let stock: Card[] = [];
  const columns: Card[][] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim().replace(/^:\s*/, '');
    if (line === '') continue;
    const where = `${source}, line ${String(i + 1)}`;
    const talon = /^Talon:\s*(.*)$/i.exec(line);
    if (talon !== null) {
      stock = talon[1]!.split(/\s+/).filter((w) => w !== '').map((w) => parseLetters(w, where));
      continue;
    }
    const founds = /^(?:Foundations|Founds?):\s*(.*)$/i.exec(line);
    if (founds !== null) {
      if (!founds[1]!.split(/\s+/).every((f) => f === '' || /^[CDHS]-0$/i.test(f))) throw new IllegalArgumentError(`${where}: the foundations must be empty (a deal, not a game under way)`);
      continue;
    }
    columns.push(line.split(/\s+/).map((w) => parseLetters(w.replace(/^<(.*)>$/, '$1'), where)));
  }
  return fromLayout(columns, stock, source);
}

/** The deal in `format` ('deck': the --deck notation, the cards in dealing order). */
export function writeDeal(deal: DealOrder, format: DealFormat): string {
  if (format === 'solvitaire') return toSolvitaire(deal);
  if (format === 'pysol') return toPysol(deal);
  return `${deal.order.map((c) => Card.fromIndex(c).toString()).join(' ')}\n`;
}

/**
 * Reads a deal file in any of the formats, told apart by their look: JSON is Solvitaire's, text with
 * a `Talon:` or `Foundations:` line or `<…>` cards is PySol's, anything else the --deck notation
 * (for which `piles` says how many piles). IllegalArgumentError naming the first problem.
 */
export function readDeal(text: string, piles = 7): DealOrder {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return fromSolvitaire(trimmed);
  if (/^\s*:?\s*(Talon|Foundations|Founds?):/im.test(text) || /<[^>]+>/.test(text)) return fromPysol(text);
  return { piles, order: Array.from(dealFromText(trimmed, piles).dealOrder) };
}
