/**
 * `npm run bench:perfect-games -- [--games N] [--opening K] [--budget MS] [--seed S] [--colours red|yellow|both] [--no-book]`:
 * the perfect player ("solver", with the shipped books) against every other built-in
 * player — random and AlphaBeta levels 1 to 5 — in both colours (or one, `--colours`), from random quiet openings of K
 * moves (default 12; 0 starts from the empty board), N games per opponent and colour (default 2), each move on a budget of 17 s (`--budget`, ms; the referee's limit is 18 s).
 * Every one of its moves is checked against the solver's weak value of the position (it must
 * never turn a win into a draw or loss, nor a draw into a loss). Prints one line per opponent and
 * the slowest move; exit status 1 if any move was a mistake.
 *
 * The judge solves every position the perfect player meets, so openings shorter than about 10
 * moves take the judge minutes per position unless the book covers them.
 */
import { deriveSeed } from '../core/random.js';
import { AlphaBetaPlayer } from '../games/connect-four/players/alphabeta.js';
import { playCheckedGame, randomOpening } from '../games/connect-four/players/perfect-check.js';
import { RandomPlayer } from '../games/connect-four/players/random.js';
import { SolverPlayer } from '../games/connect-four/players/solver-player.js';
import type { Player } from '../games/connect-four/player.js';
import { Solver } from '../games/connect-four/solver/solver.js';
import { loadDefaultBook, loadDefaultValues } from '../cli/connect-four/book-file.js';
import { option } from './test-set-args.js';

function fail(message: string): never {
  process.stderr.write(`bench:perfect-games: ${message}\n`);
  process.exit(2);
}

function whole(name: string, fallback: number, min: number): number {
  const raw = option(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) fail(`${name} must be a whole number >= ${String(min)}, got '${String(raw)}'`);
  return value;
}

const games = whole('--games', 2, 1);
const openingLength = whole('--opening', 12, 0);
const budgetMs = whole('--budget', 17_000, 1);
const seed = whole('--seed', 1, 0);
const colours = option('--colours') ?? 'both';
if (!['red', 'yellow', 'both'].includes(colours)) fail(`--colours must be red, yellow or both, got '${colours}'`);
const perfectColours = colours === 'both' ? [true, false] : [colours === 'red'];
const book = process.argv.includes('--no-book') ? undefined : loadDefaultBook((m) => process.stderr.write(`${m}\n`));
const values = process.argv.includes('--no-book') ? undefined : loadDefaultValues((m) => process.stderr.write(`${m}\n`));
const books = { ...(book === undefined ? {} : { book }), ...(values === undefined ? {} : { values }) };
const judge = new Solver(books);
const opponents: { name: string; make: (s: number) => Player }[] = [
  { name: 'random', make: (s) => new RandomPlayer(s) },
  ...[1, 2, 3, 4, 5].map((level) => ({ name: `alphabeta-${String(level)}`, make: () => new AlphaBetaPlayer({ level }) })),
];

console.log(`perfect player: budget ${String(budgetMs)} ms a move, book ${book === undefined ? 'none' : `${String(book.size)} positions to ${String(book.depth)} stones`}, strategy book ${values === undefined ? 'none' : `${String(values.size)} values to ${String(values.depth)} stones`}; openings of ${String(openingLength)} quiet random moves, seed ${String(seed)}; ${new Date().toISOString()}\n`);
let allMistakes = 0;
let slowest = 0;
let index = 0;
for (const opponent of opponents) {
  let checked = 0;
  const mistakes: string[] = [];
  const results = [0, 0, 0]; // wins, draws, losses of the perfect player
  let slowestHere = 0;
  let fallbacks = 0;
  for (let g = 0; g < games; g++) {
    for (const color of perfectColours) {
      const gameSeed = deriveSeed(seed, index++);
      const solverPlayer = new SolverPlayer({ budgetMs, ...books });
      // Counts the moves the solver did not prove (AlphaBeta's fallback): a move can be right by luck.
      const perfect: Player = {
        init: (c) => solverPlayer.init(c),
        name: () => solverPlayer.name(),
        inform: (c) => solverPlayer.inform(c),
        move: () => {
          const column = solverPlayer.move();
          if (solverPlayer.lastReport?.perfect !== true) fallbacks++;
          return column;
        },
      };
      const game = await playCheckedGame(perfect, opponent.make(gameSeed), color, randomOpening(openingLength, gameSeed), judge);
      checked += game.checked;
      mistakes.push(...game.mistakes);
      results[1 - game.result]!++;
      slowestHere = Math.max(slowestHere, game.slowestMoveMs);
    }
  }
  allMistakes += mistakes.length;
  slowest = Math.max(slowest, slowestHere);
  console.log(`${opponent.name.padEnd(12)} games ${String(perfectColours.length * games)}, won/drawn/lost ${results.join('/')}, moves checked ${String(checked)}, mistakes ${String(mistakes.length)}, moves not proven by the solver (fallback) ${String(fallbacks)}, slowest move ${(slowestHere / 1000).toFixed(2)} s`);
  for (const m of mistakes) console.log(`  MISTAKE ${m}`);
}
console.log(`\n${allMistakes === 0 ? 'no mistakes' : `${String(allMistakes)} mistakes`}; slowest move ${(slowest / 1000).toFixed(2)} s`);
if (allMistakes > 0) process.exitCode = 1;
