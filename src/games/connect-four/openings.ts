/**
 * The opening suite of Connect Four tournaments. Bots that choose their moves deterministically
 * play the same game every time they meet with the same colours; a tournament of many games
 * between them would count one game many times as if each were independent evidence. Starting the
 * games from a suite of different openings, each opening once with each colour as engine testers
 * do, makes the games differ, and playing both colours cancels whatever edge an opening gives.
 *
 * The suite: the 14 two-move openings whose first move is in column 3 or 5. Those two first moves
 * are the balanced ones — with perfect play from either, the game is a draw (Allis 1988; Tromp's
 * solution: column 4 wins for the first player, columns 1, 2, 6 and 7 lose). The reply is every
 * column, so a reply that hands one side the advantage is played with both colours like the rest.
 */
import { WIDTH } from './position.js';

/** Columns 0..6, in the order the suite plays them: 3-1, 5-7, 3-2, 5-6, … (mirror pairs together). */
export const BALANCED_OPENINGS: readonly (readonly number[])[] = Object.freeze(
  Array.from({ length: WIDTH }, (_, reply) => [
    Object.freeze([2, reply]),
    Object.freeze([4, WIDTH - 1 - reply]),
  ]).flat(),
);

/** An opening in standard notation (1-based column digits, e.g. "31"); "" for the empty board. */
export const openingName = (opening: readonly number[]): string => opening.map((column) => String(column + 1)).join('');

/**
 * Every two-move opening (7 × 7 = 49), in column order 1-1, 1-2, …, 7-7: a wider suite for measuring
 * players against each other or against the perfect player, including the openings one side should
 * win (played with both colours, each side gets the good and the bad half).
 */
export const ALL_TWO_MOVE_OPENINGS: readonly (readonly number[])[] = Object.freeze(
  Array.from({ length: WIDTH * WIDTH }, (_, k) => Object.freeze([Math.floor(k / WIDTH), k % WIDTH])),
);

/**
 * The suites by name, as tournaments, the SPRT and the lab take them (`GameDefinition.openings`):
 * 'all' first, the default suite of the lab's tournaments.
 */
export const OPENING_SUITES: Readonly<Record<string, readonly (readonly number[])[]>> = Object.freeze({ all: ALL_TWO_MOVE_OPENINGS, balanced: BALANCED_OPENINGS });

const SUITE_LABELS: Readonly<Record<string, string>> = { all: 'two-move openings', balanced: 'balanced openings' };

/** What a sentence calls the openings of suite `name` ("from 7 of the 14 balanced openings"). */
export const openingSuiteLabel = (name: string): string => SUITE_LABELS[name] ?? `openings of the suite '${name}'`;
