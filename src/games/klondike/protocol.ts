/**
 * Klondike over the line protocol (docs/player-protocol.md): what a program playing it is sent at
 * each decision, and how its answer is read — the lab's Klondike program, `nextMove(game, moves)`,
 * as text. What is sent is read through the model's own queries on what the player sees
 * (`observe`): face-down cards and the stock's order are never sent.
 *
 * Observation: `draw <cards> foundations <f1> … piles <p1> … moves <m1>|<m2>|…` — the draw cards
 * shown (the playable one first, `-` when none), each foundation's top card (`-` when empty), each
 * pile bottom to top (`?` for a face-down card, `-` for an empty pile), and the legal moves in the
 * notation people type (`mpp 3 1 5`, `md 2`, `mpf 4 1`, `mdf 1`, `dd`; piles and foundations from 1).
 * Cards are ASCII codes (`7H`, `10S`, `AD`).
 *
 * Answer: one of the legal moves, as listed. Anything else is a fault, which ends the deal for the
 * program: it scores the cards on the foundations at that moment.
 */
import type { LineProtocol } from '../../core/line-protocol.js';
import { RANK_LABELS } from '../../core/cards.js';
import type { Card } from './card.js';
import { decodeAction, encodeMove, type KlondikeState } from './engine.js';
import type { ReadonlyKlondikeModel } from './model.js';
import { moveCommand, parseCommand } from './notation.js';

const SUIT_LETTER: Readonly<Record<string, string>> = { '♣': 'C', '♢': 'D', '♡': 'H', '♠': 'S' };

const code = (card: Card): string => `${RANK_LABELS[card.value - 1]!}${SUIT_LETTER[card.suit]!}`;

function pileText(model: ReadonlyKlondikeModel, pile: number): string {
  const cards: string[] = [];
  for (let k = 0; k < model.getPileHeight(pile); k++) cards.push(model.isCardVisible(pile, k) ? code(model.getCardAt(pile, k)) : '?');
  return cards.length === 0 ? '-' : cards.join(',');
}

let buffer = new Int32Array(0);
function legalActions(state: KlondikeState): Int32Array {
  if (buffer.length < state.config.numActions) buffer = new Int32Array(state.config.numActions);
  return buffer.subarray(0, state.legalActions(buffer));
}

export const klondikeProtocol: LineProtocol<KlondikeState> = {
  observation(state) {
    const seen = state.observe(0);
    const draw = seen.getDrawCards().map(code);
    const foundations: string[] = [];
    for (let f = 0; f < seen.getNumFoundations(); f++) {
      const top = seen.getCardAt(f);
      foundations.push(top === null ? '-' : code(top));
    }
    const piles = Array.from({ length: seen.getNumPiles() }, (_, pile) => pileText(seen, pile));
    const moves = Array.from(legalActions(state), (action) => moveCommand(decodeAction(state.config, action)));
    return `draw ${draw.length === 0 ? '-' : draw.join(',')} foundations ${foundations.join(' ')} piles ${piles.join(' ')} moves ${moves.join('|')}`;
  },
  action(state, answer) {
    const words = answer.trim().split(/\s+/);
    const move = words[0] === '' ? 'an empty line' : parseCommand(words, { piles: state.config.piles, foundations: state.config.foundations });
    if (typeof move !== 'string') {
      try {
        const action = encodeMove(state.config, move);
        if (legalActions(state).includes(action)) return action;
      } catch {
        // no move of this table (e.g. a count of 0 cards): a fault, below
      }
    }
    return { fault: `answered ${JSON.stringify(answer.slice(0, 80))}, not one of the legal moves` };
  },
  onFault: (state) => ({ forfeit: [state.returns(0)] }),
};
