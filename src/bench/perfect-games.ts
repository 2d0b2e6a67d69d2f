/**
 * `npm run bench:perfect-games -- [--openings random|opponent] [--lengths A..B|A,B,...] [--games N]
 * [--budget MS] [--hard-limit MS] [--exact-nodes N] [--seed S] [--colours red|yellow|both]
 * [--opponents a,b,...] [--rotate K] [--no-book] [--log FILE]`: the perfect player ("solver", with the shipped books) against every
 * other built-in player — random and AlphaBeta levels 1 to 6 (beginner to grandmaster) — in both colours (or one,
 * `--colours`), N games (default 1) per opening length, opponent and colour. `--rotate K`: only K
 * opponents per length, taken in turn (length i: opponents i·K .. i·K + K - 1, cyclically), so
 * that a run over many lengths still meets every opponent in both colours.
 *
 * Openings (`--lengths`, in plies, default 12; `--opening K` is `--lengths K`):
 * - `random` (default): the first L moves of both sides are random quiet moves (neither winning
 *   nor letting the opponent win at once), then the perfect player takes over its colour. Below
 *   10 plies such an opening usually leaves the strategy book (the perfect player's own side has
 *   moved at random), and a position of 2–8 stones outside it can take the solver (and the judge)
 *   minutes to hours: those lengths are for a machine with time to spare.
 * - `opponent`: the perfect player plays its own moves from the empty board, and the opponent's
 *   moves among the first L plies are random quiet ones (then its own): every length is a game
 *   "perfect from the first move" along another path.
 *
 * Every one of the perfect player's moves is checked against the solver's weak value of the
 * position (it must never turn a win into a draw or loss, nor a draw into a loss), and against
 * its exact score (`--exact-nodes N`, default 30,000,000 a search, as `solve`'s budget; 0: off):
 * where the judge settles the position's and the move's scores within it, the move must reach
 * the position's score — win fastest, draw, hold out longest. Each move has a budget (`--budget`,
 * default 1.6 s, the player's own cap: the solver gets 80% of it, the AlphaBeta fallback 20%) and
 * a hard limit (`--hard-limit`, default the budget): the weak solve keeps going up to the hard
 * limit less the fallback's share. Counted: mistakes, moves slower than the best score, moves
 * judged and not settled, moves not proven by the solver (fallbacks), moves over 2 s; reported:
 * the slowest moves with their positions and their wall and CPU times, the load average at the
 * start and the end, the wall and CPU time of the run.
 * Prints one line per game to `--log` (if given), a summary per length and per opponent;
 * exit status 1 if any move was a mistake.
 */
import { loadavg } from 'node:os';
import { deriveSeed } from '../core/random.js';
import { AlphaBetaPlayer } from '../games/connect-four/players/alphabeta.js';
import { playCheckedGame, randomOpening, RandomOpener, type MoveTiming } from '../games/connect-four/players/perfect-check.js';
import { RandomPlayer } from '../games/connect-four/players/random.js';
import { PERFECT_BUDGET_MS, PERFECT_MOVE_LIMIT_MS, SolverPlayer } from '../games/connect-four/players/solver-player.js';
import { BOOK_EXACT_NODES } from '../games/connect-four/solver/answers.js';
import type { Player } from '../games/connect-four/player.js';
import { Solver } from '../games/connect-four/solver/solver.js';
import { loadDefaultBook, loadDefaultValues, SHIPPED_BOOK_PATHS } from '../arena/connect-four/book-file.js';
import { writeWholeFile } from '../lab/files.js';
import { JournalFile } from '../lab/journal-file.js';
import { option, usageFailure, wholeOption } from './test-set-args.js';
import { checkBenchArgs } from './args.js';

/** Issue 26's limit for one move of the perfect player on this machine. */
const MOVE_LIMIT_MS = PERFECT_MOVE_LIMIT_MS;
/** How many of the slowest moves are listed. */
const SLOWEST_LISTED = 12;

const fail: (message: string) => never = usageFailure('bench:perfect-games');
const whole = (name: string, fallback: number, min: number): number => wholeOption(name, fallback, min, fail);

/** `A..B` (inclusive) or `A,B,...`: opening lengths in plies, 0..41. */
function parseLengths(text: string): number[] {
  const range = /^(\d+)\.\.(\d+)$/.exec(text);
  const lengths = range === null ? text.split(',').map((part) => (/^\d+$/.test(part.trim()) ? Number(part) : NaN)) : [];
  if (range !== null) for (let n = Number(range[1]); n <= Number(range[2]); n++) lengths.push(n);
  if (lengths.length === 0 || lengths.some((n) => !Number.isInteger(n) || n > 41)) throw new RangeError(`--lengths must be A..B or A,B,... (plies, 0..41), got '${text}'`);
  return lengths;
}

checkBenchArgs(
  'bench:perfect-games',
  'usage: npm run bench:perfect-games -- [--openings random|opponent] [--lengths A..B|A,B,...] [--games N]\n' +
      '  [--budget MS] [--hard-limit MS] [--exact-nodes N] [--seed S] [--colours red|yellow|both] [--opponents a,b,...]\n' +
      '  [--rotate K] [--no-book] [--log FILE]\n' +
      'The perfect player against every other built-in player, every move checked against the solver (see docs/connect-four-solver.md).\n',
  { valued: ['--openings', '--lengths', '--opening', '--games', '--budget', '--hard-limit', '--exact-nodes', '--seed', '--colours', '--opponents', '--rotate', '--log'], flags: ['--no-book'] },
);

let lengths: number[];
try {
  lengths = parseLengths(option('--lengths') ?? option('--opening') ?? '12');
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const openings = option('--openings') ?? 'random';
if (openings !== 'random' && openings !== 'opponent') fail(`--openings must be random or opponent, got '${openings}'`);
const games = whole('--games', 1, 1);
const budgetMs = whole('--budget', PERFECT_BUDGET_MS, 1);
const hardLimitMs = whole('--hard-limit', budgetMs, budgetMs);
const exactNodes = whole('--exact-nodes', BOOK_EXACT_NODES, 0);
const seed = whole('--seed', 1, 0);
const colours = option('--colours') ?? 'both';
if (!['red', 'yellow', 'both'].includes(colours)) fail(`--colours must be red, yellow or both, got '${colours}'`);
const perfectColours = colours === 'both' ? [true, false] : [colours === 'red'];
const logPath = option('--log');
const noBook = process.argv.includes('--no-book');
const book = noBook ? undefined : loadDefaultBook((m) => process.stderr.write(`${m}\n`), SHIPPED_BOOK_PATHS);
const values = noBook ? undefined : loadDefaultValues((m) => process.stderr.write(`${m}\n`));
const books = { ...(book === undefined ? {} : { book }), ...(values === undefined ? {} : { values }) };
const judge = new Solver(books);
const allOpponents: { name: string; make: (s: number) => Player }[] = [
  { name: 'random', make: (s) => new RandomPlayer(s) },
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ name: `alphabeta-${String(level)}`, make: () => new AlphaBetaPlayer({ level }) })),
];
const wanted = option('--opponents')?.split(',');
const opponents = wanted === undefined ? allOpponents : allOpponents.filter((o) => wanted.includes(o.name));
if (opponents.length === 0) fail(`--opponents names none of ${allOpponents.map((o) => o.name).join(', ')}`);
const rotate = whole('--rotate', opponents.length, 1);
/** The opponents met at the i-th length. */
const opponentsAt = (i: number): typeof opponents => (rotate >= opponents.length ? opponents : Array.from({ length: rotate }, (_, k) => opponents[(i * rotate + k) % opponents.length]!));

interface Tally {
  games: number;
  /** Won, drawn, lost by the perfect player. */
  readonly results: [number, number, number];
  checked: number;
  mistakes: number;
  /** Moves judged on exact scores, by the position's value (won, drawn, lost), and those not settled within --exact-nodes. */
  readonly exact: [number, number, number];
  unsettled: number;
  /** Moves that kept the value but not the score (won more slowly, or lost sooner, than they had to). */
  slower: number;
  fallbacks: number;
  overLimit: number;
  slowestMs: number;
}

const newTally = (): Tally => ({ games: 0, results: [0, 0, 0], checked: 0, mistakes: 0, exact: [0, 0, 0], unsettled: 0, slower: 0, fallbacks: 0, overLimit: 0, slowestMs: 0 });
const byLength = new Map<number, Tally>();
const byOpponent = new Map<string, Tally>();
const total = newTally();
const mistakes: string[] = [];
const slower: string[] = [];
const slowMoves: (MoveTiming & { cpuMs: number; game: string })[] = [];
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
const fmt = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

const header =
  `perfect player: budget ${String(budgetMs)} ms, hard limit ${String(hardLimitMs)} ms a move; book ${book === undefined ? 'none' : `${String(book.size)} positions to ${String(book.depth)} stones`}, ` +
  `strategy book ${values === undefined ? 'none' : `${String(values.size)} values to ${String(values.depth)} stones`}; openings ${openings}, lengths ${lengths.join(',')}, ${String(games)} game(s) per length, opponent and colour${rotate < opponents.length ? ` (${String(rotate)} opponents a length, in turn)` : ''}, seed ${String(seed)}; ` +
  `${new Date().toISOString()}, load average ${load()}`;
console.log(`${header}\n`);
if (logPath !== undefined) writeWholeFile(logPath, `# ${header}\n# length opponent colour opening result checked mistakes fallbacks slowest(s) slowest-position most-CPU(s) moves\n`, 'the log');
// One line per game, appended whole (the journals' rule, lab/journal.ts).
const log = logPath === undefined ? undefined : JournalFile.read(logPath, 'the log');
const startedAt = performance.now();
const cpuAt = process.cpuUsage();
let index = 0;
for (const [lengthIndex, length] of lengths.entries()) {
  for (const opponent of opponentsAt(lengthIndex)) {
    for (let g = 0; g < games; g++) {
      for (const color of perfectColours) {
        const gameSeed = deriveSeed(seed, index++);
        const solverPlayer = new SolverPlayer({ budgetMs, hardLimitMs, ...books });
        let fallbacks = 0;
        /** CPU time of each of its moves, ms (all threads of the process: the wall time on a loaded machine says little). */
        const cpuMs: number[] = [];
        // Counts the moves the solver did not prove (AlphaBeta's fallback): a move can be right by luck.
        const perfect: Player = {
          init: (c) => solverPlayer.init(c),
          name: () => solverPlayer.name(),
          inform: (c) => solverPlayer.inform(c),
          move: () => {
            const cpuBefore = process.cpuUsage();
            const column = solverPlayer.move();
            const cpu = process.cpuUsage(cpuBefore);
            cpuMs.push((cpu.user + cpu.system) / 1000);
            if (solverPlayer.lastReport?.perfect !== true) fallbacks++;
            return column;
          },
        };
        // In `opponent` mode the opponent's moves among the first `length` plies are random (red
        // has the even plies: ceil(length / 2) of them).
        const own = color ? Math.ceil(length / 2) : Math.floor(length / 2);
        const opening = openings === 'random' ? randomOpening(length, gameSeed) : '';
        const rival = openings === 'random' ? opponent.make(gameSeed) : new RandomOpener(opponent.make(gameSeed), length - own, gameSeed);
        const game = await playCheckedGame(perfect, rival, color, opening, judge, exactNodes > 0 ? exactNodes : undefined);
        const slowest = game.timings.reduce<MoveTiming>((a, b) => (b.ms > a.ms ? b : a), { moves: '', ms: 0 });
        const over = game.timings.filter((t) => t.ms > MOVE_LIMIT_MS).length;
        if (!byLength.has(length)) byLength.set(length, newTally());
        if (!byOpponent.has(opponent.name)) byOpponent.set(opponent.name, newTally());
        for (const tally of [total, byLength.get(length)!, byOpponent.get(opponent.name)!]) {
          tally.games++;
          tally.results[1 - game.result]!++;
          tally.checked += game.checked;
          tally.mistakes += game.mistakes.length;
          tally.exact[0] += game.exact.won;
          tally.exact[1] += game.exact.drawn;
          tally.exact[2] += game.exact.lost;
          tally.unsettled += game.exact.unsettled;
          tally.slower += game.exact.slower.length;
          tally.fallbacks += fallbacks;
          tally.overLimit += over;
          tally.slowestMs = Math.max(tally.slowestMs, game.slowestMoveMs);
        }
        mistakes.push(...game.mistakes);
        slower.push(...game.exact.slower);
        const label = `${String(length)} ${opponent.name} ${color ? 'red' : 'yellow'}`;
        for (const [i, t] of game.timings.entries()) slowMoves.push({ ...t, cpuMs: cpuMs[i] ?? 0, game: label });
        slowMoves.sort((a, b) => b.ms - a.ms).splice(SLOWEST_LISTED);
        const line = `${label} ${opening === '' ? '-' : opening} ${String(game.result)} ${String(game.checked)} ${String(game.mistakes.length)} ${String(fallbacks)} ${(slowest.ms / 1000).toFixed(2)} ${slowest.moves === '' ? '-' : slowest.moves} ${(Math.max(0, ...cpuMs) / 1000).toFixed(2)} ${game.moves}`;
        if (log !== undefined) log.append(line);
        else process.stderr.write(`${line}\n`);
      }
    }
  }
}

const tallyText = (t: Tally): string =>
  `games ${String(t.games)}, won/drawn/lost ${t.results.join('/')}, moves checked ${String(t.checked)}, mistakes ${String(t.mistakes)}, ` +
  `exact scores judged won/drawn/lost ${t.exact.join('/')} (not settled ${String(t.unsettled)}), slower than the best ${String(t.slower)}, ` +
  `fallbacks ${String(t.fallbacks)}, over ${String(MOVE_LIMIT_MS / 1000)} s ${String(t.overLimit)}, slowest ${fmt(t.slowestMs)}`;
console.log('by opening length (plies):');
for (const [length, tally] of byLength) console.log(`  ${String(length).padStart(2)}  ${tallyText(tally)}`);
console.log('by opponent:');
for (const [name, tally] of byOpponent) console.log(`  ${name.padEnd(12)}  ${tallyText(tally)}`);
for (const m of mistakes) console.log(`MISTAKE ${m}`);
for (const m of slower) console.log(`SLOWER ${m}`);
console.log(`slowest moves, wall time (CPU time), position before the move (stones) [game]:`);
for (const m of slowMoves) console.log(`  ${fmt(m.ms)} (CPU ${fmt(m.cpuMs)})  ${m.moves === '' ? '-' : m.moves} (${String(m.moves.length)})  [${m.game}]`);
const cpu = process.cpuUsage(cpuAt);
console.log(
  `\ntotal: ${tallyText(total)}; ${total.mistakes === 0 ? 'no mistakes' : `${String(total.mistakes)} MISTAKES`}\n` +
    `wall ${((performance.now() - startedAt) / 60_000).toFixed(1)} min, CPU ${((cpu.user + cpu.system) / 60e6).toFixed(1)} min; ${new Date().toISOString()}, load average ${load()}`,
);
if (total.mistakes > 0) process.exitCode = 1;
