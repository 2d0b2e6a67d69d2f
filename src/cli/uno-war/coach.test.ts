/** `tabletop uno-war play --coach`, `--training` and `--moves`, in-process with piped input (deal 1, against Smallest). */
import { describe, expect, it } from 'vitest';
import { playThrough } from '../../test-support/play-streams.js';
import { UsageError } from '../options.js';
import { playUnoWar } from './play.js';

type Options = Parameters<typeof playUnoWar>[0];
const play = (input: string, options: Partial<Options>): Promise<string> => playThrough((stdin, stdout) => playUnoWar({ ai: 'smallest', seed: 1, ...options }, stdin, stdout), input);

describe('uno-war play --coach', () => {
  it('flags a high card spent for nothing with its cost, and sums the game up with a command that replays it', async () => {
    // Deal 1: the first choice holds the King, Two and Four of Spades (slot 3 the King); the second
    // the Eight, Two and Four of Spades (slot 3 the Eight). The King costs under a point (as good
    // as the best within the coach's tolerance); the Eight over a point, an inaccuracy.
    const out = await play('3\n3\nq\n', { coach: true });
    expect(out).toContain("Coach: after each card you choose, each playable card's chance to win the game against your opponent, played to the end of the round from up to 32,000 deals");
    expect(out).toMatch(/Coach \(chance to win the game\): King of Spades [\d.]+%, Two of Spades [\d.]+%, Four of Spades [\d.]+%(?:; equal within 1 point or the sampling error: [^—]+)? — you played the King of Spades: as good as the (?:Two|Four) of Spades within 1 point or the sampling error\.\n/);
    expect(out).toMatch(/Coach \(chance to win the game\): Eight of Spades [\d.]+%, Two of Spades [\d.]+%, Four of Spades [\d.]+%(?:; equal within 1 point or the sampling error: [^—]+)? — you played the Eight of Spades: an inaccuracy \(cost [\d.]+ points of the chance, ± [\d.]+; best the Two of Spades\)\.\n/);
    expect(out).toMatch(/Coach's summary: 2 decisions, 1 best, 1 inaccuracy, 0 mistakes; accuracy 50%; total cost [\d.]+ points of the chance to win\.\n/);
    expect(out).toMatch(/ {2}1\. Decision 2: the Eight of Spades, an inaccuracy \([^)]*\)\. Rule 1 of what-wins\.md: Play your lowest card\.\n {5}Replay: tabletop uno-war play --ai smallest --seed 1 --moves 3 --coach\n/);
  });

  it('replays --moves, then warns before a costly card with --training and asks again on n', async () => {
    const out = await play('3\nn\nq\n', { training: true, moves: '3' });
    expect(out).toContain('(replayed from --moves).\n');
    expect(out).toMatch(/\nCoach: the Eight of Spades would be an inaccuracy \([^)]*\)\.\nPlay the Eight of Spades anyway\? \(y\/n\): n\n\nPile: /);
    expect(out).toContain("Coach's summary: 0 decisions");
  });

  it('stops with a usage error when an answer of --moves cannot be played', async () => {
    await expect(play('', { moves: '33333' })).rejects.toThrow(UsageError);
  });
});
