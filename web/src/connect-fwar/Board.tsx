/**
 * ConnectFwar's 4x4 board: presentation only. The page passes the cards, the columns the card in
 * hand may go on and the connected cells; a playable board reports clicks ("play column 2") and the
 * page checks them against the engine. Without `onPlay` the board is a picture (a strategy's game).
 */
import { CardFace } from '../cards/Card.js';

export interface BoardProps {
  /** `cells[col][row]`, row 0 at the bottom: a card index or null. */
  readonly cells: readonly (readonly (number | null)[])[];
  /** Columns the card in hand may go on. */
  readonly playable: readonly number[];
  /** Cells (`col * 4 + row`) of a connected four. */
  readonly winning: ReadonlySet<number>;
  readonly label: string;
  readonly onPlay?: (column: number) => void;
}

export function Board({ cells, playable, winning, label, onPlay }: BoardProps) {
  return (
    <div class={`fwar-board${winning.size > 0 ? ' has-win' : ''}`} role="group" aria-label={label}>
      {cells.map((stack, col) => {
        const content = [...stack].reverse().map((card, i) => {
          const row = stack.length - 1 - i;
          return (
            <span key={row} class="fwar-cell">
              {card !== null && <CardFace card={card} class={winning.has(col * stack.length + row) ? 'win' : undefined} />}
            </span>
          );
        });
        const open = playable.includes(col);
        if (onPlay === undefined) {
          return (
            <div key={col} class="fwar-column">
              {content}
            </div>
          );
        }
        return (
          <button
            key={col}
            type="button"
            class={`fwar-column${open ? ' open' : ' blocked'}`}
            aria-label={`Column ${String(col + 1)}`}
            aria-disabled={open ? undefined : 'true'}
            onClick={() => onPlay(col)}
          >
            {content}
          </button>
        );
      })}
    </div>
  );
}
