import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { parseSeedRange } from './solve.js';

describe('parseSeedRange', () => {
  it('reads a..b and refuses anything else', () => {
    expect(parseSeedRange('1..200')).toEqual({ first: 1, last: 200 });
    expect(parseSeedRange(' 7 .. 7 ')).toEqual({ first: 7, last: 7 });
    expect(() => parseSeedRange('5..2')).toThrow(/a ≤ b/);
    expect(() => parseSeedRange('1-5')).toThrow(/a\.\.b/);
  });

  it('speaks of deals and bounds their number', () => {
    expect(parseSeedRange('1..100000000')).toEqual({ first: 1, last: 100_000_000 });
    expect(() => parseSeedRange('0..9007199254740991')).toThrow("A seed range covers at most 100,000,000 deals, got '0..9007199254740991' (9,007,199,254,740,992 deals); classify it in smaller ranges.");
    expect(() => parseSeedRange('0..9007199254740992')).toThrow(/whole numbers from 0 to 9,007,199,254,740,991/);
  });
});

describe('klondike solve and play take the same piles and draw sizes', () => {
  it.each([
    ['--piles', '0', 'The number of piles must be from 1 to 9'],
    ['--piles', '10', 'The number of piles must be from 1 to 9'],
    ['--draw', '0', 'The number of draw cards must be from 1 to 52'],
    ['--draw', '53', 'The number of draw cards must be from 1 to 52'],
  ])('%s %s: exit 2, the true range', async (option, value, message) => {
    // In this process: the binary's exit 2 is the huge range's test below (and play.test.ts's).
    for (const command of ['solve', 'play']) {
      const result = await runInProcess(['klondike', command, '--seed', '1', option, value]);
      expect(result.status, command).toBe(2);
      expect(result.stderr, command).toContain(`${message}, got '${value}'.`);
    }
  });

  it('the whole number of deals in a huge range is refused with exit 2, in deals', async () => {
    const result = await runCli(['klondike', 'solve', '--seeds', '0..9007199254740991']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('A seed range covers at most 100,000,000 deals');
    expect(result.stderr).not.toMatch(/games/);
  });
});

describe('tabletop klondike solve', () => {
  it('prints the verdict, the time, the positions and a line that `klondike play` wins with', async () => {
    const result = await runCli(['klondike', 'solve', '--seed', '13']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Klondike deal 13: 7 piles, 3 draw cards shown/);
    expect(result.stdout).toMatch(/Verdict: winnable: a winning line of \d+ moves\./);
    expect(result.stdout).toMatch(/Time: [\d.]+ ms; positions searched: \d+\./);
    const line = await runInProcess(['klondike', 'solve', '--seed', '13', '--moves-only']);
    expect(line.stdout.trim().split('\n').every((command) => /^(mpp \d+ \d+ \d+|md \d+|mpf \d+ \d+|mdf \d+|dd)$/.test(command))).toBe(true);
    const played = await runCli(['klondike', 'play', '--seed', '13'], { input: line.stdout });
    expect(played.stdout).not.toContain('Invalid move');
    expect(played.stdout).toMatch(/Game over\. Final score: 52\.\s*$/);
  });

  it('says undecided when the budget is too small', async () => {
    const result = await runCli(['klondike', 'solve', '--seed', '77', '--max-states', '5']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Verdict: undecided: the budget ran out first.');
    expect(result.stdout).not.toContain('Winning line');
  });

  it('classifies a range with the winnable share and its interval', async () => {
    const result = await runCli(['klondike', 'solve', '--seeds', '10..13', '--max-states', '20000']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Winnable \d, unwinnable \d, undecided \d of 4: [\d.]+% decided\./);
    expect(result.stdout).toMatch(/Winnable share: [\d.]+% \(95% Wilson CI [\d.]+%–[\d.]+%\)/);
  });

  it('classifies the same way on worker threads', async () => {
    const args = ['klondike', 'solve', '--seeds', '10..15', '--max-states', '20000'];
    const [alone, threaded] = await Promise.all([runCli(args), runCli([...args, '--threads', '2'])]);
    expect(threaded.status).toBe(0);
    const verdicts = (text: string): string[] => text.split('\n').filter((line) => /^(Winnable|Unwinnable:|Undecided:)/.test(line));
    expect(verdicts(threaded.stdout)).toEqual(verdicts(alone.stdout));
    expect(verdicts(threaded.stdout)[0]).toMatch(/of 6: [\d.]+% decided\.$/);
  });

  it('classifies through the lab: --out saves batches, --resume classifies only what is missing, --json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'klondike-solve-'));
    const full = join(dir, 'full.jsonl');
    const args = ['klondike', 'solve', '--seeds', '10..15', '--max-states', '20000', '--batch-size', '2'];
    const whole = await runCli([...args, '--out', full, '--json', '--list']);
    expect(whole.status).toBe(0);
    interface Report {
      winnable: number;
      unwinnable: number;
      undecided: number;
      deals: { classified: number };
      unwinnableDeals: number[];
      undecidedDeals: number[];
      time: { medianMs: number; p95Ms: number } | null;
      perDeal?: { deal: number; verdict: string; ms: number; positions: number }[];
    }
    const report = JSON.parse(whole.stdout) as Report;
    expect(report.deals.classified).toBe(6);
    expect(report.winnable + report.unwinnable + report.undecided).toBe(6);
    // Each deal's own result is kept: the lists agree with the counts and with the per-deal results.
    const perDeal = report.perDeal!;
    expect(perDeal.map((d) => d.deal)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(report.undecidedDeals).toEqual(perDeal.filter((d) => d.verdict === 'undecided').map((d) => d.deal));
    expect(report.unwinnableDeals).toEqual(perDeal.filter((d) => d.verdict === 'unwinnable').map((d) => d.deal));
    expect(report.undecidedDeals).toHaveLength(report.undecided);
    expect(perDeal.filter((d) => d.verdict === 'undecided').every((d) => d.positions === 20_000)).toBe(true);
    expect(report.time!.p95Ms).toBeGreaterThanOrEqual(report.time!.medianMs);
    // Times differ from run to run; everything else must not.
    const stable = ({ time: _time, perDeal: deals, ...rest }: Report): object => ({ ...rest, perDeal: deals?.map(({ ms: _ms, ...d }) => d) });
    const lines = readFileSync(full, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    // An interrupted run: only the first batch saved. Resuming classifies the other four deals.
    const part = join(dir, 'part.jsonl');
    writeFileSync(part, `${lines[0]!}\n`);
    // The runs compared with the spawned one go in this process (the same program, no Node start each).
    const resumed = await runInProcess(['klondike', 'solve', '--resume', part, '--json', '--list']);
    expect(resumed.status).toBe(0);
    expect(stable(JSON.parse(resumed.stdout) as Report)).toEqual(stable(report));
    // The text report lists the same deals, and --list prints one line per deal.
    const text = await runInProcess(['klondike', 'solve', '--resume', part, '--list']);
    expect(text.stdout.split('\n').filter((line) => /^deal \d+ (winnable|unwinnable|undecided) [\d.]+ ms \d+ positions$/.test(line))).toHaveLength(6);
    if (report.undecided > 0) expect(text.stdout).toContain(`Undecided: ${report.undecidedDeals.join(' ')}.`);
    expect(text.stdout).toMatch(/Time per deal: median [\d.]+ ms, 95th percentile [\d.]+ ms/);
    expect(readFileSync(part, 'utf8').trim().split('\n')).toHaveLength(3);
    // The saved budget holds: a different one is refused, and so is a file of another kind.
    const other = await runInProcess(['klondike', 'solve', '--resume', part, '--max-states', '7']);
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/Cannot resume: .*maxStates":7.* contradicts the saved run/);
    const bogus = join(dir, 'bogus.jsonl');
    writeFileSync(bogus, '');
    const empty = await runInProcess(['klondike', 'solve', '--resume', bogus]);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('holds no classification batches yet');
  });

  it('--retry-undecided classifies a run’s undecided deals again on a larger budget: the whole range then reads as one run on that budget, resumable and chained', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'klondike-retry-'));
    const small = join(dir, 'small.jsonl');
    const rules = ['--rules', 'standard', '--draw', '3'];
    interface Report {
      winnable: number;
      unwinnable: number;
      undecided: number;
      undecidedDeals: number[];
      deals: { first: number; last: number; classified: number };
      retried?: { deals: { classified: number }; undecided: number; undecidedDeals: number[] };
    }
    const json = async (args: string[]): Promise<Report> => {
      const run = await runInProcess(args);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      return JSON.parse(run.stdout) as Report;
    };
    const first = await json(['klondike', 'solve', ...rules, '--seeds', '1..30', '--max-states', '3000', '--out', small, '--json']);
    expect(first.undecided).toBeGreaterThanOrEqual(3);
    // The larger budget on the undecided deals alone gives the counts of the whole range on it.
    const direct = await json(['klondike', 'solve', ...rules, '--seeds', '1..30', '--max-states', '300000', '--json']);
    const retry = join(dir, 'retry.jsonl');
    const retried = await json(['klondike', 'solve', '--retry-undecided', small, '--max-states', '300000', '--batch-size', '2', '--out', retry, '--json']);
    expect(retried.retried!.deals.classified).toBe(first.undecided);
    const counts = ({ winnable, unwinnable, undecided, undecidedDeals, deals }: Report): object => ({ winnable, unwinnable, undecided, undecidedDeals, deals });
    expect(counts(retried)).toEqual(counts(direct));
    expect(direct.undecided).toBeLessThan(first.undecided);
    // Stopped after its first batch, the retry resumes where it stopped.
    const part = join(dir, 'part.jsonl');
    writeFileSync(part, `${readFileSync(retry, 'utf8').split('\n')[0]!}\n`);
    expect(counts(await json(['klondike', 'solve', '--retry-undecided', small, '--resume', part, '--json']))).toEqual(counts(direct));
    // A retry of what is still undecided, after the first retry: every deal decided.
    const last = await json(['klondike', 'solve', '--retry-undecided', small, retry, '--max-states', '3000000', '--out', join(dir, 'last.jsonl'), '--json']);
    expect(last.retried!.deals.classified).toBe(direct.undecided);
    expect(last.undecided).toBe(0);
    expect(last.winnable + last.unwinnable).toBe(30);
    // The text report says what the retried deals became and what the range now reads.
    const text = await runInProcess(['klondike', 'solve', '--retry-undecided', small, '--resume', part]);
    expect(text.stdout).toContain(`With these verdicts, ${small} (deals 1..30): winnable ${String(direct.winnable)}, unwinnable ${String(direct.unwinnable)}, undecided ${String(direct.undecided)} of 30`);
    // Refused: no budget, files in the wrong order, --seeds beside it, a retry of another file.
    const refused = async (args: string[], message: RegExp): Promise<void> => {
      const run = await runInProcess(['klondike', 'solve', ...args]);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(message);
    };
    await refused(['--retry-undecided', small], /needs the larger budget to try/);
    await refused(['--retry-undecided', retry, small, '--max-states', '9'], /is not a retry of deals of/);
    await refused(['--retry-undecided', small, '--seeds', '1..3', '--max-states', '9'], /give no --seeds/);
    await refused(['--retry-undecided', small, '--rules', 'assignment', '--max-states', '9'], /keeps the piles and rules/);
    // Nothing left undecided: nothing to retry.
    const done = join(dir, 'done.jsonl');
    await json(['klondike', 'solve', ...rules, '--seeds', '2..4', '--max-states', '300000', '--out', done, '--json']);
    const nothing = await runInProcess(['klondike', 'solve', '--retry-undecided', done, '--max-states', '900000']);
    expect(nothing.stdout).toContain(`No deal of ${done} is undecided: nothing to retry.`);
    // Nor once the retries given decided the last ones: the range is reported with their verdicts.
    const after = await runInProcess(['klondike', 'solve', '--retry-undecided', small, retry, join(dir, 'last.jsonl'), '--max-states', '9000000']);
    expect(after.stdout).toContain(`No deal of ${small} with the retries given is undecided: nothing to retry.`);
    expect(after.stdout).toContain('Winnable 30, unwinnable 0, undecided 0 of 30');
  });

  it('--shard i/n classifies a part of the deals into its journal, and --merge reports the parts together as the whole run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'klondike-shards-'));
    const args = ['klondike', 'solve', '--rules', 'standard', '--seeds', '1..30', '--max-states', '3000'];
    const parts = [1, 2, 3].map((i) => join(dir, `part-${String(i)}.jsonl`));
    for (const [i, part] of parts.entries()) {
      const run = await runInProcess([...args, '--shard', `${String(i + 1)}/3`, '--out', part]);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`Part ${String(i + 1)} of 3: deals ${String(10 * i + 1)}..${String(10 * i + 10)}`);
    }
    const stable = (text: string): string[] => text.split('\n').filter((line) => !line.startsWith('Time per deal') && !line.startsWith('This run'));
    const whole = await runInProcess([...args]);
    const merged = await runInProcess(['klondike', 'solve', '--merge', ...parts]);
    expect(merged.status).toBe(0);
    expect(stable(merged.stdout)).toEqual(stable(whole.stdout));
    // A part missing is said, and the report covers the others; a missing file or a job option is refused.
    const two = await runInProcess(['klondike', 'solve', '--merge', parts[0]!, parts[2]!]);
    expect(two.stderr).toContain('No journal holds deals 11..20: the report covers the others.');
    const missing = await runInProcess(['klondike', 'solve', '--merge', join(dir, 'nope.jsonl')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file');
    const typed = await runInProcess(['klondike', 'solve', '--merge', parts[0]!, '--max-states', '9']);
    expect(typed.status).toBe(2);
    expect(typed.stderr).toContain('--merge reads everything from the journals: it takes no --max-states.');
    // A shard's journal resumes with its shard named again.
    const resumed = await runInProcess(['klondike', 'solve', '--resume', parts[1]!]);
    expect(resumed.status).toBe(2);
    expect(resumed.stderr).toContain(`${parts[1]!} is the journal of a shard (deals 11..20): give its --shard i/n again.`);
    expect((await runInProcess(['klondike', 'solve', '--resume', parts[1]!, '--shard', '2/3'])).status).toBe(0);
    const nowhere = await runInProcess([...args, '--shard', '1/3']);
    expect(nowhere.status).toBe(2);
    expect(nowhere.stderr).toContain('give --out FILE');
  });

  it('solves a deal written out with --deck, the same as the seeded deal it copies', async () => {
    const seeded = await runCli(['klondike', 'solve', '--seed', '13']);
    const deck = /^Deal \(dealing order, --deck notation\): (.+)$/m.exec(seeded.stdout)![1]!;
    expect(deck.split(' ')).toHaveLength(52);
    const written = await runInProcess(['klondike', 'solve', '--deck', deck.replaceAll(' ', ', ')]);
    expect(written.status).toBe(0);
    expect(written.stdout).toContain('Klondike deal of 52 cards (--deck)');
    const line = (text: string): string => text.trim().split('\n').at(-1)!;
    expect(line(written.stdout)).toBe(line(seeded.stdout));
    // A small deck of the spec (♣A-3 and ♡A-3 on 2 piles): ♣A up, then ♣2; ♣3, ♡A and ♡2 from the stock; ♡3.
    const small = await runInProcess(['klondike', 'solve', '--deck', '2c 3h Ac 3c 2h Ah', '--piles', '2']);
    expect(small.status).toBe(0);
    expect(small.stdout).toContain('Klondike deal of 6 cards (--deck): 2 piles, 3 draw cards shown');
    expect(small.stdout).toContain('Verdict: winnable: a winning line of');
  });

  it('explains a bad --deck and exits with status 2', async () => {
    const cases: [string[], RegExp][] = [
      [['--deck', 'A♣ 2x'], /Card 2 of the deck, '2x', is not a card/],
      [['--deck', 'A♣ 2♣ 3♣ A♡ 2♡ 3♡ 3♡'], /not a valid deck: it cannot be split into equal runs from Ace/],
      [['--deck', 'A♣ 2♣ 3♣'], /Cannot deal 7 piles from 3 cards: 7 piles need 28\./],
      [['--deck', ' , '], /The deck is empty/],
    ];
    // The first through the binary (its exit status), the rest in this process.
    for (const [k, [args, message]] of cases.entries()) {
      const result = await (k === 0 ? runCli : runInProcess)(['klondike', 'solve', ...args]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it('refuses a missing or doubled deal choice', async () => {
    // In this process: the binary's exit 2 is the bad --deck test's above.
    const none = await runInProcess(['klondike', 'solve']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Give one of --seed N, --deck CARDS, --deal FILE or --seeds a..b (or --resume FILE, or --retry-undecided FILE).');
    const withOut = await runInProcess(['klondike', 'solve', '--seed', '1', '--out', 'x.jsonl']);
    expect(withOut.status).toBe(2);
    expect(withOut.stderr).toContain('--out goes with --seeds, not with one deal.');
    const both = await runInProcess(['klondike', 'solve', '--seed', '1', '--seeds', '1..2']);
    expect(both.status).toBe(2);
  });
});
