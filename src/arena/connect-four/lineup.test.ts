import { describe, expect, it } from 'vitest';
import { ALPHABETA_LEVELS } from '../../games/connect-four/players/alphabeta.js';
import { fileURLToPath } from 'node:url';
import { checkLineup, createBot, execBotDefinition, moveBudgetMs, parseBotDefinition, resolveLineup } from './lineup.js';
import { Referee } from './referee.js';

describe('bot lineup', () => {
  it('parses name=command, keeping any = in the command', () => {
    expect(parseBotDefinition('mine=node bot.mjs --depth=3')).toEqual({ name: 'mine', command: 'node bot.mjs --depth=3' });
    expect(parseBotDefinition(' spaced = ./bot ')).toEqual({ name: 'spaced', command: './bot' });
  });

  it.each([
    ['no-command', 'expects name=command'],
    ['empty=', 'expects name=command'],
    ['=./bot', "Bot name '' must be"],
    ['bad name=./bot', "Bot name 'bad name' must be"],
    ['solver=./bot', 'taken by a built-in player'],
    ['human=./bot', 'taken by a built-in player'],
  ])('rejects %j', (text, message) => {
    expect(() => parseBotDefinition(text)).toThrow(message);
  });

  it('knows built-in and declared bots only, each declared once', () => {
    const externals = [{ name: 'mine', command: './bot' }];
    expect(() => {
      checkLineup(['alphabeta', 'alphabeta-5', 'solver', 'random', 'mine'], externals);
    }).not.toThrow();
    expect(() => {
      checkLineup(['alphabeta-7'], externals);
    }).toThrow("Unknown bot 'alphabeta-7'");
    expect(() => {
      checkLineup(['mine'], [...externals, ...externals]);
    }).toThrow("Bot 'mine' is defined twice");
  });

  it('knows the AlphaBeta levels by name and by number, the numbers as aliases of the names', async () => {
    expect(() => {
      checkLineup(['beginner', 'casual', 'club', 'expert', 'master', 'grandmaster', 'alphabeta-1', 'alphabeta-6'], []);
    }).not.toThrow();
    expect(() => parseBotDefinition('club=./bot')).toThrow('taken by a built-in player');
    const options = { timeLimitMs: 2_000, level: 4, seed: 1, externals: [] };
    const bots = ['club', 'alphabeta-3'].map((name) => createBot(name, options, 0, true));
    await Promise.all(bots.map((bot) => bot.close()));
    expect(() => createBot('champion', options, 0, true)).toThrow("Unknown bot 'champion'");
    expect(() => createBot('alphabeta-7', options, 0, true)).toThrow("Unknown bot 'alphabeta-7'");
  });

  it('takes a program as exec:<command>, named after its last word or as name=exec:<command>, beside --bot definitions', async () => {
    expect(execBotDefinition('exec:sh bots/first-free-column.sh')).toEqual({ name: 'first-free-column', command: 'sh bots/first-free-column.sh' });
    expect(execBotDefinition('mine=exec:python3 bot.py --depth=3')).toEqual({ name: 'mine', command: 'python3 bot.py --depth=3' });
    expect(execBotDefinition('random')).toBeUndefined();
    expect(() => execBotDefinition('exec:./solver')).toThrow("Bot name 'solver' is taken by a built-in player: name the program, as name=exec:<command>");
    expect(() => execBotDefinition('exec: ')).toThrow('names no command');
    const given = [{ name: 'theirs', command: './their-bot' }];
    const { names, externals } = await resolveLineup(['random', 'exec:sh first.sh', 'mine=exec:./mine --fast', 'theirs'], given);
    expect(names).toEqual(['random', 'first', 'mine', 'theirs']);
    expect(externals).toEqual([...given, { name: 'first', command: 'sh first.sh' }, { name: 'mine', command: './mine --fast' }]);
    await expect(resolveLineup(['theirs=exec:./another', 'random'], given)).rejects.toThrow("Two bots are named 'theirs' (./their-bot and ./another)");
  });

  it('plays an exec: program through the referee, as a --bot of the same command', async () => {
    const script = fileURLToPath(new URL('../../../examples/connect-four/first-free-column.sh', import.meta.url));
    const options = { timeLimitMs: 20_000, level: 1, seed: 1, externals: [] };
    const result = await new Referee({ timeLimitMs: 20_000 }).play(createBot(`exec:sh ${script}`, options, 0, true), createBot('random', options, 0, false));
    expect(result.offender).toBeUndefined();
    expect(result.moves.length).toBeGreaterThanOrEqual(7);
  });

  it('leaves bots a margin under the time limit', () => {
    expect(moveBudgetMs(18_000)).toBe(13_500);
    expect(moveBudgetMs(300)).toBe(200);
    expect(moveBudgetMs(50)).toBe(1);
  });

  it.each(ALPHABETA_LEVELS.map((entry) => entry.name))('plays %s through the referee, each move cut by its own clock and never late', async (level) => {
    // The bots are built for a 300 ms limit, so each plans 200 ms a move: the grandmaster's
    // 6,000,000 positions take longer than that, and its clock must stop the search. The referee
    // itself allows 20 s, so that a machine busy with other work cannot make a move late: the
    // test is of the budget the lineup hands the bots and of the referee's game, not of the
    // machine's speed (alphabeta.test.ts checks the search's stop on a fake clock).
    const options = { timeLimitMs: 300, level: 4, seed: 1, externals: [] };
    const opening = [3, 3, 4, 2, 2, 4, 3, 1];
    const result = await new Referee({ timeLimitMs: 20_000, opening }).play(createBot(level, options, 0, true), createBot(level, options, 0, false));
    expect(result.offender).toBeUndefined();
    expect(['four-in-a-row', 'board-full']).toContain(result.reason);
  });
});
