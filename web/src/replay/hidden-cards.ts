/**
 * What a game's own picture of a state (`toString`) leaves hidden from its player, for a replay,
 * which is read after the game and shows every card: Klondike's face-down cards and its stock
 * cards not yet shown. Read from the engine's state; nothing here decides a move.
 */
import type { GameState } from '../../../src/core/game.js';
import { Card } from '../../../src/games/klondike/card.js';
import { KlondikeState } from '../../../src/games/klondike/engine.js';

/** Lines naming the cards the state's picture shows as `?`, or none. */
export function hiddenCardLines(state: GameState): string[] {
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
