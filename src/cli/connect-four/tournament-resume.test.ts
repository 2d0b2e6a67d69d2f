/**
 * `tabletop connect-four tournament --out FILE`, killed part way, then `--resume FILE`: the same
 * standings and the same file, byte for byte, as a run that was never interrupted (built CLI).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../../test-support/cli.js';
import { parseGameRecord } from '../../lab/game-record.js';
import { jobRecordsOf } from '../../lab/jobs.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-c4-resume-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// Depth-limited levels and seeded random players: every game is the same in every run.
const SETTINGS = ['--bots', 'random,alphabeta-1,alphabeta-2', '--games', '8', '--seed', '5', '--jobs', '2'];
const lineCount = (path: string): number => {
  try {
    return readFileSync(path, 'utf8').split('\n').length - 1;
  } catch {
    return 0;
  }
};

/** Starts the tournament and kills it (SIGKILL: no chance to tidy up) once `games` games are in its file. */
function killAfter(path: string, games: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, 'connect-four', 'tournament', ...SETTINGS, '--out', path], { stdio: 'ignore' });
    const poll = setInterval(() => {
      if (lineCount(path) >= games) child.kill('SIGKILL');
    }, 5);
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearInterval(poll);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the tournament ended (status ${String(status)}) before it could be killed`));
    });
  });
}

describe('connect-four tournament --out / --resume', () => {
  it('killed after some games and resumed, it prints and saves exactly what an uninterrupted run does', async () => {
    const whole = join(dir, 'whole.jsonl');
    const uninterrupted = await runCli(['connect-four', 'tournament', ...SETTINGS, '--out', whole], { timeoutMs: 240_000 });
    expect(uninterrupted.status).toBe(0);
    // Beyond Elo: α-Rank and the transitivity verdict follow the standings.
    expect(uninterrupted.stdout).toContain('α-Rank mass');
    expect(uninterrupted.stdout).toMatch(/\n(Transitive: no cycle|Not transitive: )/);
    const wholeBytes = readFileSync(whole);
    // The 24 games in order, each the job record of its index holding a game record that begins with its opening.
    const lines = wholeBytes.toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(24);
    const jobRecords = jobRecordsOf(lines, whole);
    expect(jobRecords.map((r) => r.start)).toEqual([...Array(24).keys()]);
    const records = jobRecords.map((r, k) => parseGameRecord(JSON.stringify(r.result), `line ${String(k + 1)}`));
    expect(records.map((r) => r.index)).toEqual([...Array(24).keys()]);
    for (const r of records) expect(r.moves.startsWith(r.opening) && r.opening.length === 2).toBe(true);

    const cut = join(dir, 'cut.jsonl');
    await killAfter(cut, 6);
    const kept = lineCount(cut);
    expect(kept).toBeGreaterThanOrEqual(6);
    expect(kept).toBeLessThan(24);
    // As if the kill had come in the middle of a write: half a line, no newline.
    appendFileSync(cut, lines[kept]!.slice(0, 40));
    const resumed = await runCli(['connect-four', 'tournament', '--resume', cut], { timeoutMs: 240_000 });
    expect(resumed.stderr).toBe('');
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toBe(uninterrupted.stdout);
    expect(readFileSync(cut).equals(wholeBytes)).toBe(true);
  }, 600_000);

  it('refuses settings next to --resume, and a file that is not a tournament, with exit 2', async () => {
    const path = join(dir, 'other.jsonl');
    appendFileSync(path, '{"format":"tabletop-lab/batch@1"}\n');
    const mixed = await runCli(['connect-four', 'tournament', '--resume', path, '--games', '4']);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toContain('--resume continues the tournament its file holds, with its settings: leave out --games');
    const wrong = await runCli(['connect-four', 'tournament', '--resume', path]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('is not a file of `connect-four tournament --out` (format "tabletop-lab/batch@1", expected "tabletop-job/1")');
    const none = await runCli(['connect-four', 'tournament', '--games', '4']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("required option '--bots <list>' not specified");
  });
});
