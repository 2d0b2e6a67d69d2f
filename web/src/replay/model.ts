/**
 * Replaying a game record (src/lab/game-record.ts) in a game's page: the record in the address
 * (`?replay=<the record's line, base64url>&ply=k`, so a reload or a shared link shows the same
 * move), reading a pasted or loaded JSONL line, and what each step says. The rules live in the
 * engine: `replayGameRecord` applies the record's moves to the game's own state; the page only
 * shows the states it gives.
 */
import { CHANCE, type GameDefinition, type GameState } from '../../../src/core/game.js';
import { GameRecordError, gameRecordLine, parseGameRecord, replayGameRecord, type GameRecord, type ReplayedGame } from '../../../src/lab/game-record.js';

export type { ReplayGameId } from './ids.js';

/** Text as base64url (UTF-8; no padding): what an address carries. */
export function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of a base64url string; a GameRecordError for one that is not. */
export function fromBase64Url(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new GameRecordError('the address does not hold a game record (replay= is not base64url)');
  const padded = encoded.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (encoded.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    throw new GameRecordError('the address does not hold a game record (replay= is not base64url)');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    throw new GameRecordError('the address does not hold a game record (replay= is not UTF-8 text)');
  }
}

/** A replay as the page holds it: the replayed game and the step shown. */
export interface ReplayView<S extends GameState = GameState> {
  readonly replayed: ReplayedGame<S>;
  /** The step shown: 0 is the start, `moves` the end. */
  readonly ply: number;
}

/**
 * The record a person pasted or loaded: one JSONL line (a file of several takes its first game; blank
 * lines skipped). A GameRecordError naming what is wrong for anything else, or a record of another game.
 */
export function recordFromText<S extends GameState>(definition: GameDefinition<S>, text: string, source: string): ReplayedGame<S> {
  return replayGameRecord(definition, recordOfGame(definition.id, text, source));
}

/** The first record of a pasted or loaded text, checked as a record of `game` (its moves are checked by replaying it). */
export function recordOfGame(game: string, text: string, source: string): GameRecord {
  const line = text.split('\n').find((l) => l.trim() !== '');
  if (line === undefined) throw new GameRecordError(`${source} is empty: paste one line of a records file (--records FILE)`);
  const record = parseGameRecord(line.trim(), source);
  if (record.game !== game) throw new GameRecordError(`this is a record of ${record.game}: open it in the ${record.game} page`);
  return record;
}

/** The address of a replay: the page's path, the record and the step. */
export function replayAddress(path: string, record: GameRecord, ply: number): string {
  return `${path}?replay=${toBase64Url(gameRecordLine(record))}&ply=${String(ply)}`;
}

/** The replay an address holds (`?replay=…&ply=k`); a GameRecordError for a record that cannot be replayed. */
export function replayFromSearch<S extends GameState>(definition: GameDefinition<S>, search: string): ReplayView<S> {
  const params = new URLSearchParams(search);
  const encoded = params.get('replay') ?? '';
  const replayed = recordFromText(definition, fromBase64Url(encoded), 'the record in the address');
  return { replayed, ply: clampPly(replayed, Number(params.get('ply') ?? '0')) };
}

/** The number of moves (chance outcomes included) of a replayed game. */
export const moveCount = (replayed: ReplayedGame): number => replayed.steps.length - 1;

/** A step within the game: a whole number from 0 to its moves (anything else: the nearest, or 0). */
export function clampPly(replayed: ReplayedGame, ply: number): number {
  if (!Number.isFinite(ply)) return 0;
  return Math.min(moveCount(replayed), Math.max(0, Math.trunc(ply)));
}

/**
 * What happened at step `ply`, in words: "the start", "Seat 1 (alphabeta2): column 4", "Dealt: ♦5".
 * A player's move is named as the game names it for people (its definition's `moveName`, counting
 * from 1); chance outcomes keep the engine's names.
 */
export function stepText<S extends GameState>(definition: GameDefinition<S>, replayed: ReplayedGame<S>, ply: number): string {
  if (ply === 0) return replayed.record.opening === '' ? 'The start of the game.' : 'The start of the game (its opening follows).';
  const step = replayed.steps[ply]!;
  const before = replayed.steps[ply - 1]!.state;
  const what = step.actor !== CHANCE && definition.moveName !== undefined ? definition.moveName(before, step.action!) : before.actionToString(step.action!);
  if (step.actor === CHANCE) return `Dealt: ${what}`;
  const seat = step.actor ?? 0;
  const who = replayed.record.players.length > 1 ? `Seat ${String(seat + 1)} (${replayed.record.players[seat]!})` : replayed.record.players[0]!;
  return `${who}: ${what}`;
}

/** The record's players and result, in one line. */
export function recordSummary(record: GameRecord): string {
  const players = record.players.join(' vs ');
  const seed = `seed ${String(record.seed)}`;
  return `${players} · game ${String(record.index + 1)} · ${seed} · ${record.result.message}`;
}
