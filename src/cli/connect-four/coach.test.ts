/**
 * `tabletop connect-four play --coach` and `--training`, in-process with piped input: two people
 * (no bot, so nothing but the coach's solver runs), each decision rated.
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../games/connect-four/position.js';
import { playThrough } from '../../test-support/play-streams.js';
import { TerminalCoach } from './coach.js';
import { playGame, type PlayOptions } from './play.js';
import { TerminalHuman } from './terminal-human.js';

const play = (input: string, extra: Partial<PlayOptions>): Promise<string> => {
  const options: PlayOptions = { red: 'human', yellow: 'human', time: 18, level: 4, bot: [], hintTime: 1, ...extra };
  return playThrough((stdin, stdout) => playGame(options, stdin, stdout), input);
};

describe('connect-four play --coach', () => {
  it('rates each move, flags a poor one with its cost, and sums the game up with a replay command', async () => {
    const out = await play('4\n4\n4\n4\n1\nq\n', { coach: true });
    expect(out).toContain("Coach: after each of your moves, the solver's score of every column for you");
    expect(out).toContain('Coach: 1:-2  2:-1  3:0  4:1  5:0  6:-1  7:-2 — you played 4: best.\n');
    expect(out).toContain('Coach: 1:-2  2:-2  3:-2  4:1  5:-2  6:-2  7:-2 — you played 1: a mistake, it turns a win into a loss (cost 3 points; best 4).\n');
    expect(out).toContain(
      [
        "Coach's summary for red: 3 decisions, 2 best, 0 inaccuracies, 1 mistake; accuracy 67%; total cost 3 points.",
        'The costliest decisions:',
        '  1. Move 5: column 1, a mistake, it turns a win into a loss (cost 3 points; best 4). Rule 3 of what-wins.md: Take the centre, but not at any price.',
        '     Replay: tabletop connect-four play --pos 4444 --yellow human --coach',
        "Coach's summary for yellow: 2 decisions, 2 best, 0 inaccuracies, 0 mistakes; accuracy 100%; total cost 0 points.",
      ].join('\n'),
    );
  });

  it('forgets the decisions taken back', async () => {
    const out = await play('4\n4\n4\n4\n1\nu\n4\nq\n', { coach: true });
    expect(out).toContain('you played 1: a mistake');
    expect(out).toContain("Coach's summary for red: 3 decisions, 3 best, 0 inaccuracies, 0 mistakes; accuracy 100%; total cost 0 points.");
  });

  it('with --training warns before a costly move and plays it only when the person confirms', async () => {
    const out = await play('1\nn\n4\n1\ny\nq\n', { training: true });
    expect(out).toContain(
      [
        'red (human), your column 1-7 (u undo, h hint, q quit): 1',
        'Coach: column 1 would be a mistake, it turns a win into a loss (cost 3 points; best 4).',
        'Play column 1 anyway? (y/n): n',
        'red (human), your column 1-7 (u undo, h hint, q quit): 4',
        'red (human) plays column 4',
      ].join('\n'),
    );
    expect(out).toContain(
      [
        'yellow (human), your column 1-7 (u undo, h hint, q quit): 1',
        'Coach: column 1 would be an inaccuracy, it loses sooner (cost 3 points; best 4).',
        'Play column 1 anyway? (y/n): y',
        'yellow (human) plays column 1',
      ].join('\n'),
    );
    expect(out).toContain('Coach: 1:-4  2:-2  3:-2  4:-1  5:-2  6:-2  7:-4 — you played 1: an inaccuracy, it loses sooner (cost 3 points; best 4).\n');
    expect(out).toMatch(/Moves: 41\n/);
  });

  it('scores the position while the person thinks, so their decision is rated without another search', async () => {
    const coach = new TerminalCoach(() => undefined);
    const events: string[] = [];
    const human = new TerminalHuman(
      {
        ask: (prompt) => {
          events.push(`asked: ${prompt.slice(0, 12)}`);
          // The person answers later, after the prompt has been shown.
          return new Promise((resolve) => setImmediate(() => (events.push('answered'), resolve('3'))));
        },
      },
      { say: () => undefined, canTakeBack: () => false, prepare: (position) => (events.push(`prepare ${position.toMoves()}`), coach.prepare(position)) },
    );
    // Past the opening books, so the scores take a search; column 3 turns a win into a draw.
    const before = '4345356456334311';
    human.init(true);
    for (const digit of before) human.inform(Number(digit) - 1);
    expect(await human.move()).toBe(2);
    expect(events).toEqual(['asked: red (human),', `prepare ${before}`, 'answered']);
    const searched = coach.nodes;
    expect(searched).toBeGreaterThan(0);
    const rating = coach.record([...before].map((digit) => Number(digit) - 1), 2);
    expect(coach.nodes).toBe(searched);
    expect(rating).toMatchObject({ verdict: 'mistake', best: 3, cost: 5, outcomeBefore: 'win', outcomeAfter: 'draw' });
    // The same rating as a coach that had not scored the position ahead.
    expect(new TerminalCoach(() => undefined).rate(Position.fromMoves(before), 2)).toEqual(rating);
  });
});
