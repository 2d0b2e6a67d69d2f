/**
 * The seed's textual view of any KlondikeModel (spec: "KlondikeTextualView"). Lines are joined by
 * `\n` with no newline at the end; every cascade line is exactly 3·numPiles characters, trailing
 * spaces kept, so the output can be compared byte for byte.
 */
import type { KlondikeModel } from './model.js';

export class KlondikeTextualView {
  constructor(private readonly model: KlondikeModel) {}

  toString(): string {
    const model = this.model;
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
    return lines.join('\n');
  }
}

/** One 3-character cell: a card right-aligned, `  ?` face-down, `  X` an empty pile on row 0. */
function cell(model: KlondikeModel, pile: number, row: number): string {
  const height = model.getPileHeight(pile);
  if (row >= height) return height === 0 && row === 0 ? '  X' : '   ';
  return model.isCardVisible(pile, row) ? model.getCardAt(pile, row).toString().padStart(3) : '  ?';
}
