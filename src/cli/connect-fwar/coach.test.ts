/** `tabletop connect-fwar play --coach`, `--training` and `--moves`, in-process with piped input (deal 7). */
import { describe, expect, it } from 'vitest';
import { playThrough } from '../../test-support/play-streams.js';
import { UsageError } from '../options.js';
import { playConnectFwar } from './play.js';

const play = (input: string, options: Parameters<typeof playConnectFwar>[0]): Promise<string> => playThrough((stdin, stdout) => playConnectFwar({ seed: 7, ...options }, stdin, stdout), input);

describe('connect-fwar play --coach', () => {
  it('rates every move, flags a poor one with its cost, and sums the game up with a command that replays it', async () => {
    // Deal 7: ♦5, ♦8, ♥5, then ♣Q, which fits the row nowhere.
    const out = await play('2\n3\n1\n4\nq\n', { coach: true });
    expect(out).toContain('Coach: after each of your moves, the expected final score of every move you had');
    expect(out).toMatch(/Coach: 1:[\d.]+ {2}2:[\d.]+ {2}3:[\d.]+ {2}4:[\d.]+ {2}d:[\d.]+ — you played 2: best\.\n/);
    expect(out).toMatch(/Coach: 1:[\d.]+ {2}2:[\d.]+ {2}3:[\d.]+ {2}4:[\d.]+ {2}d:[\d.]+ — you played 4: a mistake \(cost [5-9]\.\d\d points, ± 0\.\d\d; best discard\)\.\n/);
    expect(out).toMatch(/Coach's summary: 4 decisions, 3 best, 0 inaccuracies, 1 mistake; accuracy 75%; total cost [5-9]\.\d\d expected points\.\n/);
    expect(out).toMatch(/ {2}1\. Card 4: column 4, a mistake \(cost [\d.]+ points, ± [\d.]+; best discard\)\. Rule 3 of what-wins\.md: Discard freely\.\n {5}Replay: tabletop connect-fwar play --seed 7 --moves 231 --coach\n/);
  });

  it('replays --moves, then warns before a costly move with --training and lets the person choose again', async () => {
    const out = await play('4\nn\nd\nq\n', { training: true, moves: [1, 2, 0] });
    expect(out).toContain('Card: ♥5  (Five of Hearts), replayed from --moves: 1\n');
    expect(out).toMatch(/Column 1-4, d to discard, q to quit: 4\nCoach: column 4 would be a mistake \(cost [\d.]+ points, ± [\d.]+; best discard\)\.\nPlay column 4 anyway\? \(y\/n\): n\n/);
    expect(out).toMatch(/you played d: best\.\n/);
    expect(out).toContain("Coach's summary: 1 decision, 1 best, 0 inaccuracies, 0 mistakes; accuracy 100%");
  });

  it('stops with a usage error when a move of --moves cannot be played', async () => {
    await expect(play('', { moves: [0, 0, 0] })).rejects.toThrow(UsageError);
  });
});
