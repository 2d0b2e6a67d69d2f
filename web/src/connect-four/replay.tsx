/**
 * Connect Four's replay on the page's own board: the stones of the record's first `ply` moves, the
 * last one marked, a winning four lit. The position is the engine's (`positionOf`).
 */
import { useMemo } from 'preact/hooks';
import type { GameDefinition, GameState } from '../../../src/core/game.js';
import { connectFourGame } from '../../../src/games/connect-four/definition.js';
import { HEIGHT, WIDTH } from '../../../src/games/connect-four/position.js';
import { gameActions, type GameRecord } from '../../../src/lab/game-record.js';
import type { ReplayFace } from '../replay/face.js';
import { Board } from './Board.js';
import { positionOf, winningCells } from './model.js';

const NO_MOVES: readonly number[] = [];
const ignore = (): void => undefined;

function ReplayBoard({ record, ply }: { readonly record: GameRecord; readonly ply: number }) {
  const moves = useMemo(() => gameActions(record.game, record.moves).slice(0, ply), [record, ply]);
  const position = useMemo(() => positionOf(moves), [moves]);
  const cells = Array.from({ length: WIDTH }, (_, col) => Array.from({ length: HEIGHT }, (_, row) => position.cell(col, row)));
  const winning = new Set(winningCells(position).map(([c, r]) => `${String(c)},${String(r)}`));
  const lastColumn = moves.at(-1);
  const last = lastColumn === undefined ? null : { col: lastColumn, row: position.height(lastColumn) - 1 };
  return <Board cells={cells} playable={NO_MOVES} winning={winning} last={last} onPlay={ignore} />;
}

export const connectFourReplay: ReplayFace = { definition: connectFourGame as unknown as GameDefinition<GameState>, Board: ReplayBoard };
