/**
 * The Connect Four page's state that is not the board itself: who plays each colour, the time
 * limit, reading and writing the URL, and turning solver scores into words. Pure functions over
 * the engine's `Position` (no DOM), so they are unit-tested in Node.
 */
import { CELLS, MoveSequenceError, Position } from '../../../src/games/connect-four/position.js';
import { winningLines } from '../../../src/games/connect-four/winning.js';
import { alphaBetaLevel } from '../../../src/games/connect-four/players/alphabeta.js';
import { parseColumnText } from '../../../src/games/connect-four/solver/answers.js';
import { COACH_OFF, parseCoachParams, setCoachParams, type CoachState } from '../coach/state.js';
import { POS_PARAM, SOLUTION_PARAM } from './address.js';

export const PLAYER_KINDS = ['human', 'random', 'alphabeta1', 'alphabeta2', 'alphabeta3', 'alphabeta4', 'alphabeta5', 'alphabeta6', 'perfect'] as const;
export type PlayerKind = (typeof PLAYER_KINDS)[number];
export type ComputerKind = Exclude<PlayerKind, 'human'>;

/** Red is a human, yellow the computer at a middle level, unless the URL says otherwise. */
export const DEFAULT_RED: PlayerKind = 'human';
export const DEFAULT_YELLOW: PlayerKind = 'alphabeta3';
/** The assignment's limit on one move. */
export const DEFAULT_TIME_LIMIT_S = 18;
export const TIME_LIMITS_S = [1, 3, 5, 10, 18, 30] as const;

export function isPlayerKind(value: string): value is PlayerKind {
  return (PLAYER_KINDS as readonly string[]).includes(value);
}

export function playerLabel(kind: PlayerKind): string {
  if (kind === 'human') return 'Human';
  if (kind === 'random') return 'Computer: random';
  if (kind === 'perfect') return 'Computer: perfect';
  const level = alphaBetaLevel(Number(kind.slice('alphabeta'.length)))!;
  return `Computer: ${level.name} (level ${String(level.level)})`;
}

export interface PageState {
  /** Columns played, 0-based. */
  readonly moves: readonly number[];
  readonly red: PlayerKind;
  readonly yellow: PlayerKind;
  readonly timeLimitS: number;
  /** Show solution is on. */
  readonly solution: boolean;
  /** The coach's toggles (off when absent). */
  readonly coach?: CoachState;
}

export interface ParsedState {
  readonly state: PageState;
  /** What was wrong with the URL (each a sentence); the state then uses the defaults for it. */
  readonly problems: readonly string[];
}

/** Reads `pos`, `red`, `yellow`, `time`, `solution`, `coach` and `training` from a query string; anything bad falls back to its default, with a message. */
export function parseSearch(search: string): ParsedState {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  let moves: number[] = [];
  const pos = params.get(POS_PARAM);
  if (pos !== null && pos !== '') {
    try {
      moves = Position.fromMoves(pos).history();
    } catch (error) {
      const why = error instanceof MoveSequenceError ? error.message : String(error);
      problems.push(`The position "${pos}" in the address is not a legal game (${why}); showing the start position.`);
    }
  }
  const player = (name: 'red' | 'yellow', fallback: PlayerKind): PlayerKind => {
    const value = params.get(name);
    if (value === null) return fallback;
    if (isPlayerKind(value)) return value;
    // The levels' names work in the address too (`yellow=club`); the page writes the level ids.
    const level = alphaBetaLevel(value);
    if (level !== undefined) return `alphabeta${String(level.level)}` as PlayerKind;
    problems.push(`Unknown ${name} player "${value}" in the address (choose from ${PLAYER_KINDS.join(', ')}); using ${fallback}.`);
    return fallback;
  };
  const red = player('red', DEFAULT_RED);
  const yellow = player('yellow', DEFAULT_YELLOW);
  let timeLimitS = DEFAULT_TIME_LIMIT_S;
  const time = params.get('time');
  if (time !== null) {
    const n = Number(time);
    if (time.trim() !== '' && Number.isFinite(n) && n >= 0.5 && n <= 600) timeLimitS = n;
    else problems.push(`The time limit "${time}" in the address is not a number of seconds from 0.5 to 600; using ${String(DEFAULT_TIME_LIMIT_S)}.`);
  }
  let solution = false;
  const shown = params.get(SOLUTION_PARAM);
  if (shown !== null) {
    if (shown === '1' || shown === '0') solution = shown === '1';
    else problems.push(`Show solution "${shown}" in the address is neither 1 (on) nor 0 (off); leaving it off.`);
  }
  const coach = parseCoachParams(params, problems);
  return { state: { moves, red, yellow, timeLimitS, solution, coach }, problems };
}

/** The query string for a state: `pos` in the solver's 1-based digits, players, a non-default time limit, and `solution=1` when it is shown. */
export function toSearch(state: PageState): string {
  const params = new URLSearchParams();
  params.set('red', state.red);
  params.set('yellow', state.yellow);
  if (state.timeLimitS !== DEFAULT_TIME_LIMIT_S) params.set('time', String(state.timeLimitS));
  if (state.solution) params.set(SOLUTION_PARAM, '1');
  setCoachParams(params, state.coach ?? COACH_OFF);
  params.set(POS_PARAM, state.moves.map((column) => String(column + 1)).join(''));
  return '?' + params.toString();
}

export function positionOf(moves: readonly number[]): Position {
  const position = new Position();
  for (const column of moves) position.play(column);
  return position;
}

/** The cells `[col, row]` of a four through the last stone, if the last move won (else empty). */
export function winningCells(position: Position): [number, number][] {
  return winningLines(position).flat() as [number, number][];
}

/** What a column leads to for the side to move, with perfect play; 'unknown' when not settled (or not yet computed). */
export type Outcome = 'win' | 'draw' | 'loss' | 'unknown';

/** One column of the solution row: the value shown (`+18`, `>=1`, `…`), its reading, and its outcome (the colour follows it). */
export interface SolutionEntry {
  readonly text: string;
  readonly words: string;
  readonly outcome: Outcome;
}

/** A column whose score is still being computed. */
export const COMPUTING_ENTRY: SolutionEntry = { text: '…', words: 'computing', outcome: 'unknown' };

/**
 * A column of `solve --analyze` (answers.ts's text: `-2`, `>=1`, `-3..-1`, `-` for a full column)
 * for the solution row, null for a full column. Exact scores are shown as gamesolver.org shows
 * them (`+2`); bounds (a position whose exact score the solver's budget did not settle) as the
 * command line writes them, read as the outcome they prove.
 */
export function columnEntry(text: string, movesPlayed: number): SolutionEntry | null {
  const value = parseColumnText(text);
  if (value.kind === 'full') return null;
  if (value.kind === 'exact') return scoreEntry(value.score, movesPlayed);
  if (value.lower > 0) return { text, words: 'wins', outcome: 'win' };
  if (value.upper < 0) return { text, words: 'loses', outcome: 'loss' };
  if (value.lower === 0 && value.upper === 0) return { text, words: 'draws', outcome: 'draw' };
  return { text, words: 'not settled', outcome: 'unknown' };
}

/** A column's exact solver score for the solution row (`movesPlayed` counts the stones on the board). */
export function scoreEntry(score: number, movesPlayed: number): SolutionEntry {
  return { text: formatScore(score), words: scoreWords(score, movesPlayed), outcome: score > 0 ? 'win' : score < 0 ? 'loss' : 'draw' };
}

/** `+18`, `0`, `-3`: a solver score as gamesolver.org shows it. */
export function formatScore(score: number): string {
  return score > 0 ? `+${String(score)}` : String(score);
}

/**
 * The plain-words reading of a column's score (the solver's convention: from the view of the side
 * to move, 22 minus the winner's stone count at its four). "wins in 3": playing here, the side to
 * move completes its four with its 3rd move from now, this one included; "loses in 2": the
 * opponent completes its four with its 2nd move from now.
 */
export function scoreWords(score: number, movesPlayed: number): string {
  const ownStones = movesPlayed >> 1;
  const theirStones = movesPlayed - ownStones;
  const maxStones = CELLS / 2 + 1;
  if (score > 0) return `wins in ${String(maxStones - score - ownStones)}`;
  if (score < 0) return `loses in ${String(maxStones + score - theirStones)}`;
  return 'draw';
}
