/**
 * How a ConnectFwar agent plays, in figures a person can use (docs/what-wins.md): on which lines its
 * fours are made, how many cards it draws, places and discards, and where its first row-0 card goes.
 *
 * Run from a built checkout:
 *   node -e "import('./dist/games/connect-fwar/players/play-style.js').then((m) => m.printPlayStyles())"
 */
import { rngFromSeed } from '../../../core/random.js';
import type { ConnectFwarAgent } from '../agents.js';
import { basicAgent } from '../agents.js';
import { ConnectFwarState } from '../engine.js';
import { COLUMNS, DISCARD, LINES, isConnectedFour } from '../rules.js';
import { ClairvoyantAgent } from './clairvoyant.js';
import { GreedyAgent } from './honest.js';

export interface PlayStyle {
  readonly games: number;
  /** Share of games whose four is on row 0, in a column (and not row 0), on another line only, or none. */
  readonly rowZero: number;
  readonly column: number;
  readonly otherLine: number;
  readonly noFour: number;
  /** Per game, on average. */
  readonly drawn: number;
  readonly placed: number;
  readonly discarded: number;
  /** Share of games whose first card on row 0 went to column 0..3. */
  readonly firstRowZeroColumn: readonly number[];
  /** The orders in which row 0's columns were filled (e.g. `1203`), with their share of games, most frequent first. */
  readonly rowZeroOrders: readonly (readonly [string, number])[];
}

/** Plays `games` deals seeded `firstSeed`, `firstSeed + 1`, … (the lab's playout) and describes them. */
export function playStyle(agent: ConnectFwarAgent, games: number, firstSeed: number): PlayStyle {
  const state = new ConnectFwarState();
  let rowZero = 0;
  let column = 0;
  let otherLine = 0;
  let drawn = 0;
  let placed = 0;
  const first = [0, 0, 0, 0];
  const orders = new Map<string, number>();
  let order = '';
  const watcher: ConnectFwarAgent = {
    name: agent.name,
    act(s, rng) {
      const move = agent.act(s, rng);
      if (move !== DISCARD && s.heights[move] === 0) {
        if (s.heights.every((h) => h === 0)) first[move]!++;
        order += String(move);
      }
      return move;
    },
  };
  for (let game = 0; game < games; game++) {
    if (game > 0) orders.set(order, (orders.get(order) ?? 0) + 1);
    order = '';
    state.reset();
    state.playToEnd(watcher, rngFromSeed(firstSeed + game));
    const fours = LINES.map(([a, b, c, d]) => isConnectedFour(state.cells[a]!, state.cells[b]!, state.cells[c]!, state.cells[d]!));
    if (fours[0]) rowZero++;
    else if (fours.slice(ROW_COUNT, ROW_COUNT + COLUMNS).some(Boolean)) column++;
    else if (fours.some(Boolean)) otherLine++;
    drawn += 52 - state.remaining;
    placed += state.cells.filter((c) => c >= 0).length;
  }
  if (games > 0) orders.set(order, (orders.get(order) ?? 0) + 1);
  return {
    games,
    rowZero: rowZero / games,
    column: column / games,
    otherLine: otherLine / games,
    noFour: (games - rowZero - column - otherLine) / games,
    drawn: drawn / games,
    placed: placed / games,
    discarded: (drawn - placed) / games,
    firstRowZeroColumn: first.map((n) => n / games),
    rowZeroOrders: [...orders].sort((a, b) => b[1] - a[1]).map(([o, n]) => [o, n / games] as const),
  };
}

const ROW_COUNT = 4;

/** The table of docs/what-wins.md: clairvoyant, greedy and basic on deals 9,000,000 … 9,049,999. */
export function printPlayStyles(games = 50_000, firstSeed = 9_000_000): void {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  for (const agent of [new ClairvoyantAgent(), new GreedyAgent(), basicAgent]) {
    const s = playStyle(agent, games, firstSeed);
    console.log(
      `${agent.name}: row 0 ${pct(s.rowZero)}, column ${pct(s.column)}, other line ${pct(s.otherLine)}, no four ${pct(s.noFour)}; ` +
        `drawn ${s.drawn.toFixed(2)}, placed ${s.placed.toFixed(2)}, discarded ${s.discarded.toFixed(2)}; ` +
        `first row-0 card in column 0..3: ${s.firstRowZeroColumn.map(pct).join(' ')}; ` +
        `row-0 fill orders: ${s.rowZeroOrders.slice(0, 4).map(([o, share]) => `${o} ${pct(share)}`).join(', ')}`,
    );
  }
}
