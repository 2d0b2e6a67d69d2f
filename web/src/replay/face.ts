/**
 * What a game's page adds to the generic replay (ReplayPage.tsx): its engine, what it says of the
 * cards it shows, its own board, and the cards its text picture hides. Each game's folder gives
 * its own (`<game>/replay.tsx`); games.ts loads them by page.
 */
import type { JSX } from 'preact';
import type { GameDefinition, GameState } from '../../../src/core/game.js';
import type { GameRecord } from '../../../src/lab/game-record.js';

export interface ReplayFace {
  readonly definition: GameDefinition<GameState>;
  /** What the page says of the cards it shows: a record is read after the game, so nothing is hidden any more. */
  readonly shownCards?: string;
  /** The game's own board at step `ply` (`state` is the engine's after it); without one, the state's text picture alone. */
  readonly Board?: (props: { readonly record: GameRecord; readonly ply: number; readonly state: GameState }) => JSX.Element;
  /** Lines naming the cards the state's text picture shows as `?`, or none. */
  readonly hiddenLines?: (state: GameState) => string[];
}
