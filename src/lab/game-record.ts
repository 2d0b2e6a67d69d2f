/**
 * Game records: one tournament game as one line of JSON (JSONL files, one line per game), enough to
 * replay it move by move — which game, its index and seed, the opening, the players by seat, every
 * move in the game's notation and the result. Documented for users in docs/lab.md ("Game records").
 *
 * Pure (browser-safe): the game pages read records to replay them.
 */

export const GAME_RECORD_FORMAT = 'tabletop-game@1';

export interface GameRecordResult {
  /** The winning seat (0 = first to move), or null for a draw. */
  readonly winner: number | null;
  /** How the game ended, e.g. 'four-in-a-row', 'board-full', 'timeout', 'illegal-move'. */
  readonly reason: string;
  /** One sentence for people (forfeits: what the player did). */
  readonly message: string;
  /** The seat that forfeited, for the reasons other than the rules' own ends. */
  readonly offender?: number;
}

export interface GameRecord {
  readonly format: typeof GAME_RECORD_FORMAT;
  /** The game's id, e.g. 'connect-four'. */
  readonly game: string;
  /** The game's index in its tournament (0-based; the schedule says who played it and from which opening). */
  readonly index: number;
  /** The seed the game's random players (and chance) drew from. */
  readonly seed: number;
  /** The opening the game started from, in the game's notation ('' for none); its moves begin `moves`. */
  readonly opening: string;
  /** The players by seat (seat 0 moves first), as the tournament named them. */
  readonly players: readonly string[];
  /** Every move of the game, opening included, in the game's notation (Connect Four: one digit 1-7 per move). */
  readonly moves: string;
  readonly result: GameRecordResult;
}

/** Thrown for a line that is no game record; the message names where. */
export class GameRecordError extends Error {
  override readonly name = 'GameRecordError';
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isIndex = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** One record as its line (without the newline); fields in the documented order. */
export function gameRecordLine(record: Omit<GameRecord, 'format'>): string {
  const { game, index, seed, opening, players, moves, result } = record;
  const { winner, reason, message, offender } = result;
  return JSON.stringify({ format: GAME_RECORD_FORMAT, game, index, seed, opening, players, moves, result: { winner, reason, message, ...(offender === undefined ? {} : { offender }) } });
}

/** Parses and checks one line; a GameRecordError naming `where` and what is wrong otherwise. */
export function parseGameRecord(line: string, where: string): GameRecord {
  const fail = (why: string): never => {
    throw new GameRecordError(`${where}: not a game record (${why})`);
  };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return fail('not valid JSON');
  }
  if (!isObject(value)) return fail('not an object');
  if (value.format !== GAME_RECORD_FORMAT) return fail(`format is ${JSON.stringify(value.format)}, expected "${GAME_RECORD_FORMAT}"`);
  const { game, index, seed, opening, players, moves, result } = value;
  if (typeof game !== 'string' || game === '') return fail('no game id');
  if (!isIndex(index)) return fail('bad index');
  if (!isIndex(seed)) return fail('bad seed');
  if (typeof opening !== 'string') return fail('bad opening');
  if (!Array.isArray(players) || players.length === 0 || !players.every((p) => typeof p === 'string')) return fail('bad players');
  if (typeof moves !== 'string' || !moves.startsWith(opening)) return fail('the moves do not begin with the opening');
  if (!isObject(result)) return fail('no result');
  const seat = (x: unknown): boolean => isIndex(x) && x < players.length;
  if (!(result.winner === null || seat(result.winner))) return fail('bad winner');
  if (typeof result.reason !== 'string' || typeof result.message !== 'string') return fail('bad result');
  if (!(result.offender === undefined || seat(result.offender))) return fail('bad offender');
  return value as unknown as GameRecord;
}

/** Every record of a JSONL text (blank lines skipped), each checked; `name` names the source in errors. */
export function parseGameRecords(text: string, name: string): GameRecord[] {
  const records: GameRecord[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() !== '') records.push(parseGameRecord(line, `${name}:${String(i + 1)}`));
  });
  return records;
}
