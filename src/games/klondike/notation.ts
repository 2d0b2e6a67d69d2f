/**
 * Klondike for people: piles and foundations are numbered from 1, left to right, in the terminal's
 * commands, hints and messages, in the page and in the docs. The model's API (the assignment's
 * `movePile(srcPile, numCards, destPile)` and the rest) counts them from 0 (docs/game-contract.md);
 * this module turns one into the other.
 *
 * A command is a verb and whole numbers: `mpp SRC COUNT DEST` (cards from pile to pile), `md DEST`
 * (the first draw card onto a pile), `mpf SRC F` (a pile's last card to a foundation), `mdf F`
 * (the first draw card to a foundation), `dd` (discard the first draw card; under the standard
 * rules: turn the stock), `mfp F DEST` (standard rules: a foundation's top card onto a pile).
 */
import type { ReadonlyKlondikeModel } from './model.js';
import type { KlondikeMove } from './moves.js';

/** Pile or foundation `index` (0-based) as a person counts it. */
export const placeName = (index: number): string => String(index + 1);

/** The command for a move, as a person types it (`mpp 3 1 5`: piles from 1). */
export function moveCommand(move: KlondikeMove): string {
  switch (move.kind) {
    case 'movePile':
      return `mpp ${placeName(move.src)} ${String(move.count)} ${placeName(move.dest)}`;
    case 'moveDraw':
      return `md ${placeName(move.dest)}`;
    case 'moveToFoundation':
      return `mpf ${placeName(move.src)} ${placeName(move.foundation)}`;
    case 'moveDrawToFoundation':
      return `mdf ${placeName(move.foundation)}`;
    case 'discardDraw':
      return 'dd';
    case 'moveFoundationToPile':
      return `mfp ${placeName(move.foundation)} ${placeName(move.dest)}`;
  }
}

const ARITY = { mpp: 3, md: 1, mpf: 2, mdf: 1, dd: 0, mfp: 2 } as const;
type MoveWord = keyof typeof ARITY;
const USAGE: Record<MoveWord, string> = { mpp: 'mpp SRC COUNT DEST', md: 'md DEST', mpf: 'mpf SRC F', mdf: 'mdf F', dd: 'dd', mfp: 'mfp F DEST' };

/** The table a command is checked against: how many piles and foundations there are. */
export interface Table {
  readonly piles: number;
  readonly foundations: number;
}

/**
 * The move a command names (split into words, the verb first), or what is wrong with it for the
 * person: an unknown verb, the wrong numbers, a pile or foundation that is not on the table.
 */
export function parseCommand(words: readonly string[], table: Table): KlondikeMove | string {
  const word = words[0]!.toLowerCase();
  if (!Object.hasOwn(ARITY, word)) return `Unknown command '${words[0]!}'. Type help for the commands.`;
  const verb = word as MoveWord;
  const args = words.slice(1);
  if (args.length !== ARITY[verb] || args.some((a) => !/^\d{1,6}$/.test(a))) return `Usage: ${USAGE[verb]} (whole numbers, piles and foundations from 1).`;
  const [a = 0, b = 0, c = 0] = args.map(Number);
  const pile = (n: number): string | null => (n >= 1 && n <= table.piles ? null : `There is no pile ${String(n)}: the piles are 1 to ${String(table.piles)}.`);
  const foundation = (n: number): string | null => (n >= 1 && n <= table.foundations ? null : `There is no foundation ${String(n)}: the foundations are 1 to ${String(table.foundations)}.`);
  switch (verb) {
    case 'mpp':
      return pile(a) ?? pile(c) ?? { kind: 'movePile', src: a - 1, count: b, dest: c - 1 };
    case 'md':
      return pile(a) ?? { kind: 'moveDraw', dest: a - 1 };
    case 'mpf':
      return pile(a) ?? foundation(b) ?? { kind: 'moveToFoundation', src: a - 1, foundation: b - 1 };
    case 'mdf':
      return foundation(a) ?? { kind: 'moveDrawToFoundation', foundation: a - 1 };
    case 'dd':
      return { kind: 'discardDraw' };
    case 'mfp':
      return foundation(a) ?? pile(b) ?? { kind: 'moveFoundationToPile', foundation: a - 1, dest: b - 1 };
  }
}

/**
 * What the model would refuse about a move's pile before looking at the cards, said with the pile
 * counted from 1 (the model's own messages count from 0): taking from an empty pile, or more cards
 * than a pile holds. Null when the pile can give what the move takes.
 */
export function pileRefusal(model: ReadonlyKlondikeModel, move: KlondikeMove): string | null {
  if (move.kind !== 'movePile' && move.kind !== 'moveToFoundation') return null;
  const height = model.getPileHeight(move.src);
  const wanted = move.kind === 'movePile' ? move.count : 1;
  if (height === 0) return `Pile ${placeName(move.src)} is empty`;
  if (wanted > height) return `Cannot move ${String(wanted)} cards from pile ${placeName(move.src)}, which holds ${String(height)} card${height === 1 ? '' : 's'}`;
  return null;
}
