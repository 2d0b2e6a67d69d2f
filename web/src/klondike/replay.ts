/**
 * Klondike's replay: the engine, and what the state's picture (`toString`) leaves hidden from the
 * player, for a replay is read after the game and shows every card: the face-down cards and the
 * stock cards not yet shown. Read from the engine's state; nothing here decides a move.
 */
import type { GameDefinition, GameState } from '../../../src/core/game.js';
import { Card } from '../../../src/games/klondike/card.js';
import { klondikeGame } from '../../../src/games/klondike/definition.js';
import { KlondikeState } from '../../../src/games/klondike/engine.js';
import type { ReplayFace } from '../replay/face.js';

/** Lines naming the cards the state's picture shows as `?`, or none. */
function hiddenCardLines(state: GameState): string[] {
  if (!(state instanceof KlondikeState)) return [];
  const { cells, heights, hidden, queue, config } = state;
  const lines: string[] = [];
  for (let p = 0; p < config.piles; p++) {
    const down = Array.from({ length: Math.min(hidden[p]!, heights[p]!) }, (_, r) => cells[p * config.rows + r]!).filter((c) => c >= 0);
    if (down.length > 0) lines.push(`pile ${String(p + 1)}, face down from the bottom: ${down.map((c) => Card.fromIndex(c).toString()).join(' ')}`);
  }
  const stock: string[] = [];
  for (let i = Math.min(config.draw, state.queueLength); i < state.queueLength; i++) {
    const c = queue[(state.head + i) % config.stockSize]!;
    if (c >= 0) stock.push(Card.fromIndex(c).toString());
  }
  if (stock.length > 0) lines.push(`stock, next first: ${stock.join(' ')}`);
  return lines;
}

export const klondikeReplay: ReplayFace = {
  definition: klondikeGame as unknown as GameDefinition<GameState>,
  shownCards:
    'The replay shows every card: the table as the player saw it (? for a card face down), and below it the cards still face down and the stock to come. A record is read after the game, so nothing is hidden any more; its first 52 moves deal the cards.',
  hiddenLines: hiddenCardLines,
};
