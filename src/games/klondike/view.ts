/**
 * The spec's textual view of any Klondike position that answers the model's queries: a
 * `KlondikeModel` such as `BasicKlondike`, the lab's `KlondikeState`, or a player's observation
 * (spec: "KlondikeTextualView"). Lines are joined by `\n` with no newline at the end; every cascade
 * line is exactly 3·numPiles characters, trailing spaces kept, so the output can be compared byte
 * for byte.
 */
import type { ReadonlyKlondikeModel } from './model.js';

export class KlondikeTextualView {
  constructor(private readonly model: ReadonlyKlondikeModel) {}

  toString(): string {
    return viewLines(this.model).join('\n');
  }
}

/** The view's lines: the draw window, the foundations, then one line per row. */
export function viewLines(model: ReadonlyKlondikeModel): string[] {
  const lines = [`Draw: ${model.getDrawCards().join(', ')}`];
  const foundations: string[] = [];
  for (let f = 0; f < model.getNumFoundations(); f++) foundations.push(model.getCardAt(f)?.toString() ?? '<none>');
  lines.push(`Foundation: ${foundations.join(', ')}`);
  const piles = model.getNumPiles();
  for (let row = 0; row < model.getNumRows(); row++) {
    let line = '';
    for (let pile = 0; pile < piles; pile++) line += cell(model, pile, row);
    lines.push(line);
  }
  return lines;
}

/** One 3-character cell: a card right-aligned, `  ?` face-down, `  X` an empty pile on row 0. */
function cell(model: ReadonlyKlondikeModel, pile: number, row: number): string {
  const height = model.getPileHeight(pile);
  if (row >= height) return height === 0 && row === 0 ? '  X' : '   ';
  return model.isCardVisible(pile, row) ? model.getCardAt(pile, row).toString().padStart(3) : '  ?';
}
