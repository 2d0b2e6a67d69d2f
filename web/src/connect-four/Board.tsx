/**
 * The board and the solution row: presentation only. They know no rules; the page hands them the
 * cells, the columns that may be played and the winning four, and they emit intents ("play column
 * 3") that the page checks against the engine — the way chessground takes legal destinations in.
 */
import { HEIGHT, WIDTH } from '../../../src/games/connect-four/position.js';
import type { SolutionEntry } from './model.js';

export interface BoardProps {
  /** `cells[col][row]`, row 0 at the bottom: true red, false yellow, null empty. */
  readonly cells: readonly (readonly (boolean | null)[])[];
  /** Columns a click may play now (empty while the computer moves or once the game is over). */
  readonly playable: readonly number[];
  /** Cells of the winning four, as `col,row`. */
  readonly winning: ReadonlySet<string>;
  /** The stone played last, animated as it falls. */
  readonly last: { readonly col: number; readonly row: number } | null;
  readonly onPlay: (column: number) => void;
}

const COLUMNS = Array.from({ length: WIDTH }, (_, col) => col);
const ROWS_TOP_DOWN = Array.from({ length: HEIGHT }, (_, i) => HEIGHT - 1 - i);

export function Board({ cells, playable, winning, last, onPlay }: BoardProps) {
  return (
    <div class={winning.size > 0 ? 'board has-win' : 'board'} role="group" aria-label="Board">
      {COLUMNS.map((col) => {
        const canPlay = playable.includes(col);
        return (
          <button
            key={col}
            type="button"
            class={canPlay ? 'column' : 'column blocked'}
            aria-label={`Column ${String(col + 1)}`}
            aria-disabled={canPlay ? undefined : 'true'}
            aria-description={describeColumn(cells[col] ?? [])}
            onClick={() => onPlay(col)}
          >
            {ROWS_TOP_DOWN.map((row) => {
              const stone = cells[col]?.[row] ?? null;
              const isLast = last !== null && last.col === col && last.row === row;
              return (
                <span key={row} class="cell">
                  {stone !== null && (
                    <span
                      // A new key for the last stone restarts its fall animation.
                      key={isLast ? 'falling' : 'still'}
                      class={`token ${stone ? 'red' : 'yellow'}${winning.has(`${String(col)},${String(row)}`) ? ' win' : ''}${isLast ? ' falling' : ''}`}
                      style={isLast ? { '--fall': String(HEIGHT - row) } : undefined}
                    />
                  )}
                </span>
              );
            })}
          </button>
        );
      })}
    </div>
  );
}

/** What a screen reader hears after "Column 3": the stones from the bottom up. */
function describeColumn(stones: readonly (boolean | null)[]): string {
  const filled = stones.filter((stone) => stone !== null).map((stone) => (stone ? 'red' : 'yellow'));
  if (filled.length === 0) return 'empty';
  return `${filled.join(', ')}${filled.length === HEIGHT ? ' (full)' : ''}`;
}

export interface SolutionRowProps {
  /** Per column: the value shown (`+18`, `win`, `?`), its reading and its outcome, or null for a full column; null while computing. */
  readonly scores: readonly (SolutionEntry | null)[] | null;
}

export function SolutionRow({ scores }: SolutionRowProps) {
  return (
    <div class="solution-row">
      {COLUMNS.map((col) => {
        const entry = scores?.[col] ?? null;
        return (
          <div key={col} class={entry === null ? 'score' : `score ${entry.outcome}`} data-outcome={entry?.outcome}>
            <span class="score-value" role="group" aria-label={`Column ${String(col + 1)} score`}>
              {entry?.text ?? ''}
            </span>
            <span class="score-words">{entry === null ? (scores === null ? '' : 'full') : entry.words}</span>
          </div>
        );
      })}
    </div>
  );
}
