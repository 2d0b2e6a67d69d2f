/**
 * The chance of winning an UnoWar game from the end of a round, for a person playing Smallest's
 * policy against one of the built-in AIs: a table, computed offline (src/bench/uno-war-round-values.ts,
 * `npm run gen:uno-war-values`; the data in round-values.data.ts) and looked up by the coach
 * (coach.ts), which plays each card out only to the end of the current round and values the state
 * the round leaves here.
 *
 * Between rounds the game's course depends on the scores, on who starts the next round (the round's
 * winner: the starter wins about two rounds in three) and, a little, on the hands, which carry over.
 * The table keeps one feature of each hand: its high cards (HIGH_RANK or above), the cards a
 * player keeps back to answer a high pile. The generator counts, over many simulated rounds, how a
 * round starting from (starter, the two hands' high cards) ends (who wins it, the high cards
 * left), and solves the game from these transitions exactly, score by score; so every cell rests
 * on all the rounds simulated, not on the few games that passed through it.
 */
import { WINNING_SCORE, HAND_SIZE, RANK } from './rules.js';
import { Policy, builtInPolicy, type BuiltInPolicy, type UnoWarAgent } from './agents.js';
import type { UnoWarState } from './engine.js';
import { ROUND_VALUE_DATA } from './round-values.data.js';

/** The lowest rank the hand feature counts (Jack). */
export const HIGH_RANK = 11;
/** Values of the hand feature: 0..HAND_SIZE high cards. */
export const STRENGTHS = HAND_SIZE + 1;
/** Cells of a table: scores 0..WINNING_SCORE-1 each, who starts, and each hand's feature. */
export const TABLE_CELLS = WINNING_SCORE * WINNING_SCORE * 2 * STRENGTHS * STRENGTHS;
/** A cell's value is stored as a whole number of 1/VALUE_SCALE. */
export const VALUE_SCALE = 65535;

/** The high cards in `player`'s hand (the table's hand feature). */
export function handStrength(state: UnoWarState, player: number): number {
  let count = 0;
  for (let slot = 0; slot < HAND_SIZE; slot++) if (RANK[state.handCard(player, slot)]! >= HIGH_RANK) count++;
  return count;
}

/** The index of a cell: the person's and the opponent's scores, whether the person starts the next round, and the two hands' features. */
export function cellIndex(score: number, opponentScore: number, personStarts: boolean, strength: number, opponentStrength: number): number {
  return (((score * WINNING_SCORE + opponentScore) * 2 + (personStarts ? 1 : 0)) * STRENGTHS + strength) * STRENGTHS + opponentStrength;
}

/** Encodes a table (chances 0..1 by cellIndex) as the data module stores it: little-endian 16-bit values in base64. */
export function encodeTable(chances: ArrayLike<number>): string {
  let text = '';
  for (let i = 0; i < chances.length; i++) {
    const value = Math.round(chances[i]! * VALUE_SCALE);
    text += String.fromCharCode(value & 0xff, value >> 8);
  }
  return btoa(text);
}

export function decodeTable(base64: string): Float64Array {
  const bytes = atob(base64);
  if (bytes.length !== 2 * TABLE_CELLS) throw new RangeError(`An UnoWar round-value table holds ${String(TABLE_CELLS)} cells, got ${String(bytes.length / 2)}`);
  const chances = new Float64Array(TABLE_CELLS);
  for (let i = 0; i < TABLE_CELLS; i++) chances[i] = (bytes.charCodeAt(2 * i) | (bytes.charCodeAt(2 * i + 1) << 8)) / VALUE_SCALE;
  return chances;
}

/** A decoded table, with the chance of winning of `player` from a state at a round's end (or the game's: 1 or 0). */
export class RoundValues {
  constructor(readonly chances: Float64Array) {}

  chanceAt(state: UnoWarState, player: number): number {
    if (state.isTerminal()) return state.winner() === player ? 1 : 0;
    const opponent = player ^ 1;
    return this.chances[cellIndex(state.scores[player]!, state.scores[opponent]!, state.starter === player, handStrength(state, player), handStrength(state, opponent))]!;
  }
}

const decoded = new Map<BuiltInPolicy, RoundValues>();

/** The table for a person playing Smallest's policy against `opponent`, or undefined for an opponent without one (any but the three built-in AIs). */
export function roundValuesAgainst(opponent: UnoWarAgent): RoundValues | undefined {
  const policy = builtInPolicy(opponent);
  if (policy !== Policy.FirstValid && policy !== Policy.Smallest && policy !== Policy.Biggest) return undefined;
  let values = decoded.get(policy);
  if (values === undefined) {
    values = new RoundValues(decodeTable(ROUND_VALUE_DATA.tables[policy]));
    decoded.set(policy, values);
  }
  return values;
}
