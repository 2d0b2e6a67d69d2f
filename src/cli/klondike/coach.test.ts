/** `tabletop klondike play --coach`, `--training` and `--moves`, in-process with piped input, on a small deal from a file. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { playThrough } from '../../test-support/play-streams.js';
import { UsageError } from '../options.js';
import { KlondikeCoach } from './coach.js';
import { playKlondike } from './play.js';

// Two suits A..5 on 2 piles, standard rules, draw 1, two passes: after the first pass and one
// card up, the waste shows 2♣ on the last pass, and turning it away loses the deal.
const dealFile = join(mkdtempSync(join(tmpdir(), 'klondike-coach-')), 'small.txt');
writeFileSync(dealFile, '3♢ A♢ A♣ 2♣ 5♢ 5♣ 3♣ 2♢ 4♢ 4♣\n');

type Options = Parameters<typeof playKlondike>[0];
const play = (input: string, options: Partial<Options>): Promise<string> =>
  playThrough((stdin, stdout) => playKlondike({ deal: dealFile, piles: 2, draw: 1, rules: 'standard', passes: 2, solverTime: 1, ...options }, stdin, stdout), input);

const OPENING = 'dd,dd,dd,dd,dd,dd,dd,dd,mpf 2 2,dd';

describe('klondike play --coach', () => {
  it('flags turning the Two away for good with its cost, and sums the game up with a command that replays it', async () => {
    const out = await play('dd\nq\n', { coach: true, moves: OPENING });
    expect(out).toContain('10 moves replayed from --moves.\nCoach: after each of your moves, the share of 8 deals consistent with what you see');
    expect(out).toContain(
      '> dd\nCoach (the solver, every card known): mpf 2 1 winnable, mdf 2 winnable, md 1 winnable, dd unwinnable — you played dd: a mistake, it turns a winnable deal into a lost one (best: move A♢ from pile 2 to a foundation, mpf 2 1).\n',
    );
    expect(out).toContain(
      [
        "Coach's summary: 1 decision, 0 best, 0 inaccuracies, 1 mistake; accuracy 0%; total cost 100 points of the winnable share.",
        'The costliest decisions:',
        '  1. Move 11: dd, a mistake, it turns a winnable deal into a lost one (best: move A♢ from pile 2 to a foundation, mpf 2 1). Rule 2 of what-wins.md: Play Aces and Twos up at once.',
        `     Replay: tabletop klondike play --deal ${dealFile} --piles 2 --draw 1 --rules standard --passes 2 --moves '${OPENING}' --coach`,
      ].join('\n'),
    );
  });

  it('rates a good move best, and with --training warns before a costly one and asks again on n', async () => {
    const out = await play('dd\nn\nmdf 2\nq\n', { training: true, moves: OPENING });
    expect(out).toContain("> dd\nCoach: dd would be a mistake, it turns a winnable deal into a lost one (best: move A♢ from pile 2 to a foundation, mpf 2 1).\nMake dd anyway? (y/n): n\n> mdf 2\nCoach (the solver, every card known): mpf 2 1 winnable, mdf 2 winnable, md 1 winnable, dd unwinnable — you played mdf 2: best.\n");
    expect(out).toContain("Coach's summary: 1 decision, 1 best, 0 inaccuracies, 0 mistakes; accuracy 100%; total cost 0 points of the winnable share.");
  });

  it('stops with a usage error when a move of --moves cannot be made', async () => {
    await expect(play('', { moves: 'dd,mpf 1 1' })).rejects.toThrow(UsageError);
    await expect(play('', { moves: 'dd,mpf 1 1' })).rejects.toThrow(/^--moves: move 2, 'mpf 1 1': /);
  });

  it("rates the position's moves while the person thinks: before their line is read", async () => {
    const events: string[] = [];
    const original = KlondikeCoach.prototype.prepare;
    const prepare = vi.spyOn(KlondikeCoach.prototype, 'prepare').mockImplementation(function (this: KlondikeCoach, state) {
      events.push(`prepare after ${String(state.moves)} moves`);
      original.call(this, state);
    });
    try {
      const stdin = new PassThrough();
      const stdout = new PassThrough();
      const lines = ['dd', 'q'];
      let text = '';
      // The person types each line only once the prompt is on the screen.
      stdout.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        if (text.endsWith('> ') && lines.length > 0) {
          const line = lines.shift()!;
          setImmediate(() => {
            events.push(`typed ${line}`);
            stdin.write(`${line}\n`);
          });
        }
      });
      await playKlondike({ deal: dealFile, piles: 2, draw: 1, rules: 'standard', passes: 2, solverTime: 1, coach: true, moves: OPENING }, stdin, stdout);
      expect(events).toEqual(['prepare after 10 moves', 'typed dd', 'prepare after 11 moves', 'typed q']);
      expect(text).toContain('— you played dd: a mistake, it turns a winnable deal into a lost one');
    } finally {
      prepare.mockRestore();
    }
  });
});
