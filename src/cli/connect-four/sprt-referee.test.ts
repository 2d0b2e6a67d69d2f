/**
 * `tabletop connect-four sprt` with the tournament's players and rules (external programs, the
 * tournament's built-in bots, bot modules, the referee's move time limit), on the built binary.
 * No fair player gets a limit under the tournament's default: only a bot that never answers times out.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Tally } from '../../lab/experiment.js';
import type { SprtJson } from '../../lab/sprt.js';
import { runCli, withoutFenceWarning } from '../../test-support/cli.js';
import { connectFourReferee } from './sprt-referee.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-c4-sprt-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const FIRST_FREE = `ff=sh ${here('../../../examples/connect-four/first-free-column.sh')}`;
const SILENT = `mute=sh ${here('../../arena/connect-four/test-fixtures/silent-bot.sh')}`;
const MODULE = here('../../../examples/connect-four/win-block-centre.mjs');

async function sprtJson(args: readonly string[]): Promise<SprtJson> {
  const result = await runCli(['connect-four', 'sprt', ...args, '--json']);
  expect([result.status, withoutFenceWarning(result.stderr)]).toEqual([0, '']);
  return JSON.parse(result.stdout) as SprtJson;
}

describe('tabletop connect-four sprt, refereed', () => {
  it('takes a program named exec:<command> in --a or --b, as a --bot of that command, and referees it', async () => {
    const command = `sh ${here('../../../examples/connect-four/first-free-column.sh')}`;
    const resolved = await connectFourReferee.resolve(`exec:${command}`, 'random', {});
    expect(resolved?.ids).toEqual(['first-free-column@referee', 'random@referee']);
    expect(resolved?.referee.bots).toEqual([{ name: 'first-free-column', command }, { name: 'random' }]);
  });

  it('plays an external program against a tournament bot in opening pairs, and says the games are refereed', async () => {
    const result = await runCli(['connect-four', 'sprt', '--bot', FIRST_FREE, '--a', 'ff', '--b', 'beginner', '--max-games', '14', '--every', '7', '--seed', '3', '--threads', '1']);
    expect([result.status, withoutFenceWarning(result.stderr)]).toEqual([0, '']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Connect Four SPRT, A = ff, B = beginner: H0: 0 Elo, H1: 5 Elo, alpha 0.05, beta 0.05, a look every 7 pairs, pairs from the all opening suite, refereed with a move limit of 18 s; at most 7 pairs, seed 3',
    );
    expect(lines[2]).toMatch(/ after 14 games in 7 pairs$/);
    // The leftmost free column loses to a searching bot: A's Elo is well below B's.
    expect(lines[3]).toMatch(/^Elo of A over B: -\d+\.\d /);
  });

  it('a move past --time forfeits the game: the silent bot loses every game, as a fault with the referee\'s message', async () => {
    const path = join(dir, 'mute.jsonl');
    rmSync(path, { force: true });
    const json = await sprtJson(['--bot', SILENT, '--a', 'random', '--b', 'mute', '--time', '2', '--max-games', '4', '--every', '2', '--seed', '3', '--threads', '2', '--out', path]);
    expect(json).toMatchObject({ games: 4, pairs: 2 });
    expect(json.estimate.value).toBeGreaterThan(0);
    const tallies = readFileSync(path, 'utf8').trimEnd().split('\n').map((line) => (JSON.parse(line) as { result: Tally }).result);
    // Lineups [random, mute] and [mute, random]: mute is seat 1 of the first and seat 0 of the second.
    const muteSeats = tallies.flatMap((tally) => [tally.lineups[0]!.seats[1]!, tally.lineups[1]!.seats[0]!]);
    expect(muteSeats.reduce((n, seat) => n + seat.losses, 0)).toBe(4);
    expect(muteSeats.reduce((n, seat) => n + (seat.faults ?? 0), 0)).toBe(4);
    expect(muteSeats.flatMap((seat) => seat.faultExamples ?? []).map((example) => example.message)).toContainEqual(expect.stringMatching(/\(mute\) did not answer within the time limit of 2 s/));
  });

  it('plays a bot module against a program, and --resume of a cut file ends as the uninterrupted test', async () => {
    const args = ['--bot', FIRST_FREE, '--a', MODULE, '--b', 'ff', '--max-games', '12', '--every', '2', '--seed', '5', '--threads', '1'];
    const whole = await sprtJson(args);
    // win-block-centre blocks the leftmost-column stack every time and wins: H1 within the 6 pairs or a clear lead.
    expect(whole.estimate.value).toBeGreaterThan(0);
    const path = join(dir, 'resume.jsonl');
    rmSync(path, { force: true });
    expect((await sprtJson([...args, '--out', path])).pairs).toBe(whole.pairs);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    writeFileSync(path, `${lines[0]!}\n${lines[1]!.slice(0, 30)}`);
    const resumed = await runCli(['connect-four', 'sprt', '--resume', path, '--threads', '1', '--json']);
    expect([resumed.status, withoutFenceWarning(resumed.stderr)]).toEqual([0, `Note: dropped the half-written last line of ${path} (30 bytes).\n`]);
    expect(JSON.parse(resumed.stdout)).toEqual(whole);
  });

  it('refuses an unknown bot and a bad --time with exit status 2', async () => {
    const unknown = await runCli(['connect-four', 'sprt', '--bot', FIRST_FREE, '--a', 'ff', '--b', 'nobody']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^tabletop: --a\/--b: Unknown bot 'nobody'/);
    const time = await runCli(['connect-four', 'sprt', '--a', 'beginner', '--b', 'random', '--time', '0']);
    expect(time.status).toBe(2);
    expect(time.stderr).toMatch(/time limit/i);
  });
});
