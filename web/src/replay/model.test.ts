import { describe, expect, it } from 'vitest';
import { connectFourGame } from '../../../src/games/connect-four/definition.js';
import { unoWarGame } from '../../../src/games/uno-war/definition.js';
import type { GameDefinition, GameState } from '../../../src/core/game.js';
import { GameRecordError, gameRecordLine, playedGameRecord, replayGameRecord, type GameRecord } from '../../../src/lab/game-record.js';
import { BatchPlayer, type PlayedGame } from '../../../src/lab/experiment.js';
import { gameById } from '../../../src/lab/registry.js';
import { clampPly, fromBase64Url, moveCount, recordFromText, recordOfGame, replayAddress, replayFromSearch, stepText, toBase64Url } from './model.js';

const c4 = connectFourGame as unknown as GameDefinition<GameState>;

/** Red plays column 4 four times while yellow answers in column 1: red connects four vertically. */
const RECORD: Omit<GameRecord, 'format'> = {
  game: 'connect-four',
  index: 2,
  seed: 9,
  opening: '41',
  players: ['alphabeta2', 'random'],
  moves: '4141414',
  result: { winner: 0, reason: 'four-in-a-row', message: 'red (alphabeta2) connected four' },
};
const LINE = gameRecordLine(RECORD);

describe('replay model', () => {
  it('carries any text through base64url, unicode included, and refuses what is not base64url', () => {
    for (const text of ['', 'a', '{"players":["mine ♠ é"]}', LINE]) expect(fromBase64Url(toBase64Url(text))).toBe(text);
    expect(toBase64Url(LINE)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(() => fromBase64Url('@@')).toThrow(/not base64url/);
  });

  it('replays a record on the engine: every state, the step clamped, the moves named as the page counts columns', () => {
    const replayed = recordFromText(c4, `\n${LINE}\n`, 'pasted');
    expect(moveCount(replayed)).toBe(7);
    expect(replayed.finished).toBe(true);
    expect(replayed.steps[7]!.state.returns(0)).toBe(1);
    expect([clampPly(replayed, -3), clampPly(replayed, 2.7), clampPly(replayed, 99), clampPly(replayed, NaN)]).toEqual([0, 2, 7, 0]);
    expect(stepText(c4, replayed, 0)).toBe('The start of the game (its opening follows).');
    expect(stepText(c4, replayed, 1)).toBe('Seat 1 (alphabeta2): column 4');
    expect(stepText(c4, replayed, 2)).toBe('Seat 2 (random): column 1');
  });

  it('keeps the record and the step in the address, and reads them back', () => {
    const address = replayAddress('/connect-four', recordOfGame('connect-four', LINE, 'x'), 5);
    const search = address.slice(address.indexOf('?'));
    const view = replayFromSearch(c4, search);
    expect(view.ply).toBe(5);
    expect(gameRecordLine(view.replayed.record)).toBe(LINE);
  });

  it('names what is wrong with a record that cannot be replayed', () => {
    expect(() => recordFromText(c4, '  \n', 'the pasted record')).toThrow('the pasted record is empty');
    expect(() => recordFromText(c4, '{"format":"tabletop-game@1"', 'the pasted record')).toThrow('the pasted record: not a game record (not valid JSON)');
    expect(() => recordFromText(unoWarGame as unknown as GameDefinition<GameState>, LINE, 'r')).toThrow('this is a record of connect-four: open it in the connect-four page');
    // A move into a full column, and a game that ends otherwise than its result says.
    expect(() => recordFromText(c4, gameRecordLine({ ...RECORD, opening: '', moves: '4444444' }), 'r')).toThrow(/move 7 \(3\) is not a legal move there/);
    expect(() => recordFromText(c4, gameRecordLine({ ...RECORD, result: { ...RECORD.result, winner: 1 } }), 'r')).toThrow(/the moves end the game otherwise than its result says/);
    expect(() => recordFromText(c4, gameRecordLine({ ...RECORD, moves: '41414' }), 'r')).toThrow(GameRecordError);
    expect(() => replayFromSearch(c4, '?ply=3')).toThrow(/is empty/);
  });

  it('names UnoWar plays by their card and slot from 1, ConnectFwar columns from 1, and Klondike moves in the page\'s words', () => {
    for (const [game, lineup, pattern] of [
      ['connect-fwar', ['random'], /^random: (column [1-4]|discard)$/],
      ['uno-war', ['random', 'biggest'], /^Seat [12] \((random|biggest)\): plays \S+ \(slot [1-5]\)$/],
      ['klondike', ['greedy'], /^greedy: (Move|Draw|Turn|Put|Send|Play)/],
    ] as const) {
      const games: PlayedGame[] = [];
      new BatchPlayer({ game, lineups: [lineup], seed: 3, paired: false }).play(0, 1, undefined, undefined, games);
      const replayed = replayGameRecord(gameById(game), { format: 'tabletop-game@1', ...playedGameRecord(gameById(game), games[0]!, lineup) });
      const texts = replayed.steps.map((_, k) => stepText(gameById(game), replayed, k));
      const moves = texts.filter((t) => !t.startsWith('Dealt: ') && !t.startsWith('The start'));
      expect(moves.length).toBeGreaterThan(5);
      for (const text of moves) expect(text).toMatch(pattern);
    }
  });
});
