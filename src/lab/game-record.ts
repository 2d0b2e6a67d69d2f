/**
 * Game records: one tournament game as one line of JSON (JSONL files, one line per game), enough to
 * replay it move by move — which game, its index and seed, the opening, the players by seat, every
 * move in the game's notation and the result. Documented for users in docs/lab.md ("Game records").
 *
 * Pure (browser-safe): the game pages read records to replay them (`replayGameRecord` drives the
 * game's own engine; a page only shows the states).
 */
import { CHANCE, TERMINAL, type GameDefinition, type GameState } from '../core/game.js';
import { GAMES } from './registry.js';

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
  /** One-player games: the score (`winner` is then 0 for a won game, the top score, and null otherwise). */
  readonly score?: number;
}

export interface GameRecord {
  readonly format: typeof GAME_RECORD_FORMAT;
  /** The game's id, e.g. 'connect-four'. */
  readonly game: string;
  /** The game's index in its tournament (0-based; the schedule says who played it and from which opening). */
  readonly index: number;
  /**
   * Lab runs (SPRT, compare, UnoWar tournament): the deal number, the game's index among the games
   * of its players. Games of one run with the same deal were dealt the same cards (paired
   * comparisons, an SPRT's pair, a pairing's two seat orders).
   */
  readonly deal?: number;
  /** The seed the game's random players (and chance) drew from. */
  readonly seed: number;
  /** The opening the game started from, in the game's notation ('' for none); its moves begin `moves`. */
  readonly opening: string;
  /** The players by seat (seat 0 moves first), as the tournament named them. */
  readonly players: readonly string[];
  /**
   * Every move of the game, opening included, in the game's notation: Connect Four, one digit 1-7
   * per move; the other games, the engine's actions separated by spaces, every chance outcome (each
   * card dealt or turned) included, so the record holds the deal (`gameActions` reads both). A
   * move the rules read though it is no action of the contract is there as chosen (UnoWar's
   * conceded round: 5, `GameDefinition.playRecordedAction`).
   */
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
  const { game, index, deal, seed, opening, players, moves, result } = record;
  const { winner, reason, message, offender, score } = result;
  return JSON.stringify({
    format: GAME_RECORD_FORMAT,
    game,
    index,
    ...(deal === undefined ? {} : { deal }),
    seed,
    opening,
    players,
    moves,
    result: { winner, reason, message, ...(offender === undefined ? {} : { offender }), ...(score === undefined ? {} : { score }) },
  });
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
  const { game, index, deal, seed, opening, players, moves, result } = value;
  if (typeof game !== 'string' || game === '') return fail('no game id');
  if (!isIndex(index)) return fail('bad index');
  if (!(deal === undefined || isIndex(deal))) return fail('bad deal');
  if (!isIndex(seed)) return fail('bad seed');
  if (typeof opening !== 'string') return fail('bad opening');
  if (!Array.isArray(players) || players.length === 0 || !players.every((p) => typeof p === 'string')) return fail('bad players');
  if (typeof moves !== 'string' || !moves.startsWith(opening)) return fail('the moves do not begin with the opening');
  if (!isObject(result)) return fail('no result');
  const seat = (x: unknown): boolean => isIndex(x) && x < players.length;
  if (!(result.winner === null || seat(result.winner))) return fail('bad winner');
  if (typeof result.reason !== 'string' || typeof result.message !== 'string') return fail('bad result');
  if (!(result.offender === undefined || seat(result.offender))) return fail('bad offender');
  if (!(result.score === undefined || (typeof result.score === 'number' && Number.isFinite(result.score)))) return fail('bad score');
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

/** The record notation of the built-in game `game` (GameDefinition.recordNotation), if it has one; other games write action numbers. */
const notationOf = (game: string): GameDefinition<GameState>['recordNotation'] => (Object.hasOwn(GAMES, game) ? GAMES[game]!.recordNotation : undefined);

/** The text of the action numbers most games use, made once: a long run writes millions of them. */
const ACTION_TEXT = Array.from({ length: 1024 }, (_, action) => String(action));

/** A game's actions (from its initial state, chance outcomes included) as a record's `moves`. */
export function movesText(game: string, actions: readonly number[]): string {
  const notation = notationOf(game);
  if (notation !== undefined) return notation.write(actions);
  let text = '';
  for (let k = 0; k < actions.length; k++) {
    const action = actions[k]!;
    text += `${k === 0 ? '' : ' '}${ACTION_TEXT[action] ?? String(action)}`;
  }
  return text;
}

/** A record's `moves` (or `opening`) as the game's actions; a GameRecordError for text that is not moves. */
export function gameActions(game: string, moves: string): number[] {
  const notation = notationOf(game);
  if (notation !== undefined) {
    const actions = notation.read(moves);
    if (actions === undefined) throw new GameRecordError(`the moves '${shorten(moves)}' are not ${notation.expected}`);
    return actions;
  }
  const words = moves.trim() === '' ? [] : moves.trim().split(/ +/);
  const bad = words.find((w) => !/^\d{1,6}$/.test(w));
  if (bad !== undefined) throw new GameRecordError(`'${shorten(bad)}' in the moves is not an action number`);
  return words.map(Number);
}

const shorten = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * A played game as its record: `returns` by seat (a forfeit's, when `forfeit` names the seat at
 * fault), `labels` the players by seat. The reason is the rules' own end — the game's record
 * notation's (Connect Four's `four-in-a-row` or `board-full`), else `game-over` — or `forfeit` (a
 * referee's own reason when it gave one).
 */
export function playedGameRecord(
  definition: GameDefinition<GameState>,
  played: {
    readonly index: number;
    readonly deal?: number;
    readonly seed: number;
    readonly openingLength: number;
    readonly actions: readonly number[];
    readonly returns: readonly number[];
    readonly forfeit?: { readonly seat: number; readonly message: string; readonly reason?: string };
  },
  labels: readonly string[],
): Omit<GameRecord, 'format'> {
  const game = definition.id;
  const { returns, forfeit } = played;
  let result: GameRecordResult;
  if (definition.numPlayers === 1) {
    const score = returns[0]!;
    const winner = score === definition.scoreRange[1] ? 0 : null;
    result =
      forfeit === undefined
        ? { winner, reason: 'game-over', message: `${labels[0]!} scored ${String(score)}`, score }
        : { winner, reason: 'forfeit', message: `${labels[0]!} ${forfeit.message}`, offender: 0, score };
  } else {
    const best = Math.max(...returns);
    const winners = returns.flatMap((r, seat) => (r === best ? [seat] : []));
    const winner = winners.length === 1 ? winners[0]! : null;
    if (forfeit?.reason !== undefined) result = { winner, reason: forfeit.reason, message: forfeit.message, offender: forfeit.seat };
    else if (forfeit !== undefined) result = { winner, reason: 'forfeit', message: `${labels[forfeit.seat]!} ${forfeit.message}`, offender: forfeit.seat };
    else if (definition.recordNotation !== undefined) result = { winner, ...definition.recordNotation.end(winner, labels) };
    else result = { winner, reason: 'game-over', message: winner === null ? 'a draw' : `${labels[winner]!} won` };
  }
  return {
    game,
    index: played.index,
    ...(played.deal === undefined ? {} : { deal: played.deal }),
    seed: played.seed,
    opening: movesText(game, played.actions.slice(0, played.openingLength)),
    players: labels,
    moves: movesText(game, played.actions),
    result,
  };
}

/** One step of a replayed game: the action that led to it (undefined for the start), who took it, the state after it. */
export interface ReplayStep<S extends GameState = GameState> {
  readonly action: number | undefined;
  /** The seat that moved, CHANCE for a card dealt or turned, undefined for the start. */
  readonly actor: number | undefined;
  readonly state: S;
}

/** A record replayed on its game's engine: every state from the start to the end. */
export interface ReplayedGame<S extends GameState = GameState> {
  readonly record: GameRecord;
  readonly steps: readonly ReplayStep<S>[];
  /** True when the last state is the game's end; false for a game that ended by a forfeit. */
  readonly finished: boolean;
}

/**
 * Replays `record` on `definition`'s engine, action by action; a GameRecordError for a record of
 * another game, a move the rules do not allow, or a result the moves do not give.
 */
export function replayGameRecord<S extends GameState>(definition: GameDefinition<S>, record: GameRecord): ReplayedGame<S> {
  if (record.game !== definition.id) throw new GameRecordError(`this is a record of ${record.game}, not of ${definition.id}`);
  if (record.players.length !== definition.numPlayers) throw new GameRecordError(`${definition.title} has ${String(definition.numPlayers)} seat(s), the record names ${String(record.players.length)} players`);
  const actions = gameActions(record.game, record.moves);
  const state = definition.newInitialState();
  const legal = new Int32Array(definition.maxActions);
  const steps: ReplayStep<S>[] = [{ action: undefined, actor: undefined, state: state.clone() }];
  actions.forEach((action, k) => {
    const actor = state.currentPlayer();
    const count = actor === TERMINAL ? 0 : state.legalActions(legal);
    if (!legal.subarray(0, count).includes(action)) {
      if (actor !== TERMINAL && actor !== CHANCE && definition.playRecordedAction?.(state, action) === true) {
        steps.push({ action, actor, state: state.clone() });
        return;
      }
      throw new GameRecordError(`move ${String(k + 1)} (${String(action)}) is not ${actor === TERMINAL ? 'possible: the game was over' : `a legal ${actor === CHANCE ? 'card to deal' : 'move'} there`}`);
    }
    state.applyAction(action);
    steps.push({ action, actor, state: state.clone() });
  });
  const finished = state.isTerminal();
  const { result } = record;
  if (!finished && result.reason !== 'forfeit' && result.offender === undefined) throw new GameRecordError(`the moves stop before the game's end, and the result names no forfeit`);
  if (finished) {
    const returns = Array.from({ length: definition.numPlayers }, (_, seat) => state.returns(seat));
    const expected = definition.numPlayers === 1 ? (result.score === undefined ? undefined : [result.score]) : winnerReturns(result.winner, definition.numPlayers);
    if (expected !== undefined && expected.some((r, seat) => r !== returns[seat])) throw new GameRecordError(`the moves end the game otherwise than its result says (${result.message})`);
  }
  return { record, steps, finished };
}

/** A two-player result's returns: +1 for the winner, -1 for the loser, 0 each for a draw. */
function winnerReturns(winner: number | null, players: number): number[] {
  return Array.from({ length: players }, (_, seat) => (winner === null ? 0 : seat === winner ? 1 : -1));
}
