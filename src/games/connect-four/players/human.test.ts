import { describe, expect, it } from 'vitest';
import { Resignation } from '../player.js';
import { HumanPlayer, type LineSource } from './human.js';

/** Answers from a script, then end of input; records the prompts. */
function scripted(lines: string[]): LineSource & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    prompts,
    ask(prompt) {
      prompts.push(prompt);
      return Promise.resolve(lines.shift() ?? null);
    },
  };
}

describe('HumanPlayer', () => {
  it('reads 1-based columns and answers 0-based ones, asking again after bad input', async () => {
    const said: string[] = [];
    const input = scripted(['', 'x', '0', '8', ' 4 ', '4']);
    const player = new HumanPlayer(input, { name: 'ada', say: (text) => said.push(text) });
    player.init(true);
    expect(await player.move()).toBe(3);
    expect(said).toEqual([
      "'' is not a column: type a number from 1 to 7, or q to quit.",
      "'x' is not a column: type a number from 1 to 7, or q to quit.",
      "'0' is not a column: type a number from 1 to 7, or q to quit.",
      "'8' is not a column: type a number from 1 to 7, or q to quit.",
    ]);
    expect(input.prompts[0]).toBe('red (ada), your column 1-7 (q to quit): ');
    expect(player.name()).toBe('ada');
  });

  it('refuses a full column', async () => {
    const said: string[] = [];
    const player = new HumanPlayer(scripted(['1', '2']), { say: (text) => said.push(text) });
    player.init(false);
    for (let i = 0; i < 6; i++) player.inform(0);
    expect(await player.move()).toBe(1);
    expect(said).toEqual(['Column 1 is full: choose another.']);
  });

  it('resigns on q and at the end of input', async () => {
    const quitter = new HumanPlayer(scripted(['q']));
    quitter.init(true);
    await expect(quitter.move()).rejects.toThrow(Resignation);
    const silent = new HumanPlayer(scripted([]));
    silent.init(true);
    await expect(silent.move()).rejects.toThrow('input ended');
  });
});
