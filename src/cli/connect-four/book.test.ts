/**
 * `tabletop connect-four book build|info` and the book through `solve`, on the built binary.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { bookPositions } from '../../games/connect-four/book/builder.js';
import { Position, immediateWinScore } from '../../games/connect-four/position.js';
import { Solver } from '../../games/connect-four/solver/solver.js';
import { OpeningBook, canonicalKey, stonesOfKey } from '../../games/connect-four/book/book.js';
import { DEEP_BOOK_PATHS, DEFAULT_BOOK_PATH, DEFAULT_VALUES_PATH, loadDefaultBook, readBookFile, SHIPPED_BOOK_PATHS } from '../../arena/connect-four/book-file.js';
import { randomLevelPositions, shippedBook, shippedOpeningLevels } from '../../test-support/connect-four-books.js';
import { DEEP_LEVEL_PARTS, SHIPPED_DEEP_LEVELS } from '../../games/connect-four/book/shipped.js';

// A Middle-Easy position with 26 stones: its subtree to 28 stones solves in well under a second.
const ROOT = '21253774536432517717274325';
const dir = mkdtempSync(join(tmpdir(), 'c4book-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The [moves, score] pairs a book build's journal holds (its job records' results), in journal order. */
const journalScores = (path: string): [string, number][] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .flatMap((line) => (JSON.parse(line) as { result: [string, number][] }).result);

/** The leaves' moves a strategy build's journal holds (its job records' results), in journal order. */
const strategyLeaves = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .flatMap((line) => (JSON.parse(line) as { result: { leaves: [string, number, number][] }[] }).result.flatMap((item) => item.leaves.map(([moves]) => moves)));

describe('tabletop connect-four book', () => {
  const out = join(dir, 'test.c4book');

  it('builds a book (resumable), describes it, and solve answers from it as without it', async () => {
    const build = await runCli(['connect-four', 'book', 'build', '--root', ROOT, '--depth', '28', '--out', out, '--workers', '1', '--table', '200000']);
    expect(build.status).toBe(0);
    expect(build.stderr).toMatch(/done after .* h; wrote/);
    const journal = journalScores(`${out}.journal`);
    expect(journal.length).toBeGreaterThan(10);
    const again = await runCli(['connect-four', 'book', 'build', '--root', ROOT, '--depth', '28', '--out', out, '--workers', '1', '--table', '200000']);
    expect(again.stderr).toMatch(new RegExp(`level 28: (\\d+), \\1 already known`));

    // In this process (nothing-lost.test.ts runs the binary's `book info`).
    const info = await runInProcess(['connect-four', 'book', 'info', out]);
    expect(info.stdout).toMatch(/positions, \d+ bytes, deepest 28 stones, no level complete, exact scores, checksum OK/);

    const lines = [ROOT, ...journal.map(([moves]) => moves)].join('\n') + '\n';
    const withBook = await runCli(['connect-four', 'solve', '--book', out, '--analyze'], { input: lines });
    const without = await runCli(['connect-four', 'solve', '--no-book', '--analyze'], { input: lines });
    expect(withBook.status).toBe(0);
    expect(withBook.stdout).toBe(without.stdout);
    expect(readBookFile(out).size).toBeGreaterThan(10);
  });

  it('extends a book without its journal (--from keeps its scores, --values bounds the searches)', async () => {
    // A new level 27 of the same subtree, with a fresh journal: level 28 comes from the first book.
    const first = readBookFile(out);
    const extended = join(dir, 'extended.c4book');
    const child = `${ROOT}4`;
    const build = await runCli(['connect-four', 'book', 'build', '--root', child, '--depth', '28', '--out', extended, '--from', out, '--values', DEFAULT_VALUES_PATH, '--workers', '1', '--table', '200000']);
    expect(build.status).toBe(0);
    expect(build.stderr).toMatch(/level 28: (\d+), \1 already known/);
    const book = readBookFile(extended);
    // Every score of the first book is kept, including those outside --root's subtree.
    expect(book.size).toBe(first.size);
    for (const { key, score } of first.entries()) expect(book.scoreOfKey(key)).toBe(score);

    // With a fresh journal and nothing known, the workers search with the values as bounds; the
    // scores are the same as the first build's.
    const fresh = join(dir, 'fresh.c4book');
    const solved = await runCli(['connect-four', 'book', 'build', '--root', ROOT, '--depth', '28', '--out', fresh, '--values', DEFAULT_VALUES_PATH, '--workers', '1', '--table', '200000']);
    expect(solved.status).toBe(0);
    const scores = journalScores(`${fresh}.journal`);
    expect(scores.length).toBeGreaterThan(10);
    // The book leaves out a win with the next stone (the solver settles it before any lookup).
    for (const [moves, score] of scores) expect(first.score(Position.fromMoves(moves))).toBe(score === immediateWinScore(moves.length) ? undefined : score);
  });

  it('slices off a book\'s deep levels as a file of their own, which joined to the opening levels give the book again', async () => {
    const deep = join(dir, 'deep.c4book');
    const sliced = await runInProcess(['connect-four', 'book', 'slice', out, '--first-level', '28', '--out', deep]);
    expect(sliced.stdout).toMatch(/deep.c4book: \d+ positions, \d+ bytes, from 28 stones on, deepest 28 stones, no level complete, exact scores, checksum OK/);
    const [whole, part] = [readBookFile(out), readBookFile(deep)];
    expect(part.size).toBe([...whole.entries()].filter((e) => stonesOfKey(e.key) >= 28).length);
    expect(part.size).toBeGreaterThan(0);
    const shallower = [...whole.entries()].filter((e) => stonesOfKey(e.key) < 28).map((e) => ({ ...e, moves: stonesOfKey(e.key) }));
    expect(shallower.length).toBeGreaterThan(0);
    const opening = join(dir, 'opening.c4book');
    writeFileSync(opening, OpeningBook.fromEntries(shallower).encode());
    const joined = join(dir, 'joined.c4book');
    const joining = await runInProcess(['connect-four', 'book', 'join', opening, deep, '--out', joined]);
    expect(joining.stdout).toMatch(/joined.c4book: \d+ positions, \d+ bytes, deepest 28 stones, no level complete, exact scores, checksum OK/);
    expect(readFileSync(joined)).toEqual(readFileSync(out));
    // Two books that score a position apart are not joined.
    const [first] = shallower;
    const liar = join(dir, 'liar-28.c4book');
    writeFileSync(liar, OpeningBook.fromEntries([{ ...first!, score: -first!.score - 1 }]).encode());
    const refusedJoin = await runInProcess(['connect-four', 'book', 'join', opening, liar, '--out', join(dir, 'never.c4book')]);
    expect(refusedJoin.status).toBe(2);
    expect(refusedJoin.stderr).toMatch(/cannot join .*: Two scores for the book key/);
    expect(existsSync(join(dir, 'never.c4book'))).toBe(false);
    // Without a file, `book info` describes the shipped book: its opening levels, then each deep level, all its parts.
    const shipped = await runInProcess(['connect-four', 'book', 'info']);
    expect(shipped.stdout.split('\n')).toEqual([
      expect.stringMatching(/opening.c4book: \d+ positions, \d+ bytes, deepest 8 stones, complete to 8 stones, exact scores, checksum OK$/),
      ...SHIPPED_DEEP_LEVELS.map((level) =>
        expect.stringMatching(
          new RegExp(
            `deep/opening-${String(level)}-part-\\*\\.c4book \\(${String(DEEP_LEVEL_PARTS[level])} parts\\): \\d+ positions, \\d+ bytes, from ${String(level)} stones on, deepest ${String(level)} stones, complete to ${String(level)} stones, exact scores, checksums OK$`,
          ),
        ),
      ),
      '',
    ]);
    const refused = await runInProcess(['connect-four', 'book', 'slice', out, '--first-level', '28', '--out', out]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--out/);
  });

  it('slices a deep level into parts, a file each, which joined give the level again byte for byte', async () => {
    const whole = join(dir, 'level-28.c4book');
    await runInProcess(['connect-four', 'book', 'slice', out, '--first-level', '28', '--out', whole]);
    const sliced = await runInProcess(['connect-four', 'book', 'slice', out, '--first-level', '28', '--parts', '12', '--out', join(dir, 'cut.c4book')]);
    expect(sliced.status).toBe(0);
    const parts = Array.from({ length: 12 }, (_, index) => join(dir, `cut-part-${String(index).padStart(2, '0')}.c4book`));
    expect(sliced.stdout).toBe(
      `12 parts: ${parts[0]!} … ${parts[11]!}\n` +
        `${join(dir, 'cut-part-*.c4book')} (12 parts): ${String(readBookFile(whole).size)} positions, ${String(parts.reduce((sum, path) => sum + statSync(path).size, 0))} bytes, from 28 stones on, deepest 28 stones, no level complete, exact scores, checksums OK\n`,
    );
    const info = await runInProcess(['connect-four', 'book', 'info', parts[7]!]);
    expect(info.stdout).toMatch(/cut-part-07.c4book: \d+ positions, \d+ bytes, from 28 stones on, deepest 28 stones, no level complete, exact scores, checksum OK\n$/);
    expect(readBookFile(parts[7]!).part).toEqual({ index: 7, of: 12 });
    const joined = join(dir, 'rejoined.c4book');
    expect((await runInProcess(['connect-four', 'book', 'join', ...parts, '--out', joined])).status).toBe(0);
    expect(readFileSync(joined)).toEqual(readFileSync(whole));
    // Parts need a file name to number, and a count the format holds.
    const unnamed = await runInProcess(['connect-four', 'book', 'slice', out, '--first-level', '28', '--parts', '4', '--out', join(dir, 'cut')]);
    expect(unnamed.status).toBe(2);
    expect(unnamed.stderr).toMatch(/With --parts, --out names the parts' files as FILE.c4book/);
    const tooMany = await runInProcess(['connect-four', 'book', 'slice', out, '--first-level', '28', '--parts', '5000', '--out', join(dir, 'cut.c4book')]);
    expect(tooMany.status).toBe(2);
    expect(tooMany.stderr).toMatch(/number of parts/i);
  });

  it('refuses a --from or --values book of the wrong kind, and a --from score the journal contradicts', async () => {
    const wrongFrom = await runCli(['connect-four', 'book', 'build', '--root', ROOT, '--depth', '28', '--out', join(dir, 'x.c4book'), '--from', DEFAULT_VALUES_PATH]);
    expect(wrongFrom.status).toBe(2);
    expect(wrongFrom.stderr).toMatch(/a strategy book \(values\); --from takes a book of exact scores/);
    const wrongValues = await runCli(['connect-four', 'book', 'build', '--root', ROOT, '--depth', '28', '--out', join(dir, 'x.c4book'), '--values', out]);
    expect(wrongValues.status).toBe(2);
    expect(wrongValues.stderr).toMatch(/a book of exact scores; --values takes a strategy book/);
    // A record with a score the book holds (it leaves out wins with the next stone).
    const inBook = ([m, v]: [string, number]): boolean => v !== immediateWinScore(m.length);
    const records = readFileSync(`${out}.journal`, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { result: [string, number][] });
    const record = records.find((r) => r.result.some(inBook))!;
    const [moves, score] = record.result.find(inBook)!;
    const journal = join(dir, 'contradicting.journal');
    writeFileSync(journal, `${JSON.stringify({ ...record, result: record.result.map(([m, v]) => [m, m === moves ? v + 1 : v]) })}\n`);
    const contradicted = await runCli(['connect-four', 'book', 'build', '--root', ROOT, '--depth', '28', '--out', join(dir, 'y.c4book'), '--journal', journal, '--from', out, '--write-only']);
    expect(contradicted.status).toBe(2);
    expect(contradicted.stderr).toContain(`${moves} scored ${String(score)}, ${journal} says ${String(score + 1)}`);
  });

  it('a damaged book is a clear error when asked for, and skipped with a warning by default', async () => {
    const bytes = readFileSync(out);
    bytes[bytes.length - 2]! ^= 1;
    const damaged = join(dir, 'damaged.c4book');
    writeFileSync(damaged, bytes);
    const result = await runCli(['connect-four', 'solve', '--book', damaged], { input: '4455\n' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/damaged opening book: checksum mismatch/);
    const warnings: string[] = [];
    expect(loadDefaultBook((m) => warnings.push(m), [damaged])).toBeUndefined();
    expect(warnings.join()).toMatch(/opening book not used: .*damaged.c4book: damaged opening book/);
    expect(loadDefaultBook((m) => warnings.push(m), [join(dir, 'missing.c4book')])).toBeUndefined();
  });
});

describe('tabletop connect-four book build --shard, book merge', () => {
  const build = (args: readonly string[]) => runCli(['connect-four', 'book', 'build', '--root', ROOT, '--depth', '28', '--workers', '1', '--table', '200000', ...args]);
  const part = (i: number): string => join(dir, `part-${String(i)}.journal`);
  const whole = join(dir, 'whole.c4book');

  it('shards built apart and merged give the very bytes of the book one process builds', async () => {
    expect((await build(['--out', whole])).status).toBe(0);
    for (const i of [1, 2, 3]) {
      const shard = await build(['--shard', `${String(i)}/3`, '--journal', part(i), '--batch-size', '2']);
      expect(shard.status).toBe(0);
      expect(shard.stderr).toMatch(new RegExp(`shard ${String(i)}/3: done after`));
    }
    const merged = join(dir, 'merged.c4book');
    const merge = await runCli(['connect-four', 'book', 'merge', part(3), part(1), part(2), '--out', merged]);
    expect(merge.status).toBe(0);
    expect(merge.stderr).not.toMatch(/no journal holds/);
    expect(readFileSync(merged).equals(readFileSync(whole))).toBe(true);
  });

  it('a killed shard resumes from its journal (a torn last line and a stale lock left behind) and still merges exactly', async () => {
    // What a kill -9 mid-write leaves: the whole lines written so far, a line cut short, the lock of a dead process.
    const lines = readFileSync(part(2), 'utf8').split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(2);
    const killed = join(dir, 'killed.journal');
    writeFileSync(killed, `${lines[0]!}\n${lines[1]!.slice(0, 40)}`);
    writeFileSync(`${killed}.lock`, JSON.stringify({ pid: 2 ** 22 + 12_345, host: hostname(), since: new Date().toISOString() }));
    const resumed = await build(['--shard', '2/3', '--journal', killed, '--batch-size', '2']);
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toMatch(/cut short \(40 bytes\)/);
    // The first record's positions are not solved again.
    const solved = /(\d+) positions solved/.exec(resumed.stderr);
    const first = JSON.parse(lines[0]!) as { start: number; end: number; part: [number, number] };
    expect(Number(solved?.[1])).toBe(first.part[1] - first.part[0] - (first.end - first.start));
    const merged = join(dir, 'resumed.c4book');
    expect((await runCli(['connect-four', 'book', 'merge', part(1), killed, part(3), '--out', merged])).status).toBe(0);
    expect(readFileSync(merged).equals(readFileSync(whole))).toBe(true);
  });

  it('refuses journals that do not add up: given twice, of other splits or of another build, and a shard resumed as another', async () => {
    const twice = await runCli(['connect-four', 'book', 'merge', part(1), part(1), '--out', join(dir, 'x.c4book')]);
    expect(twice.status).toBe(2);
    expect(twice.stderr).toMatch(/counted twice/);
    // The first refusal through the binary (its exit status), the rest in this process.
    const typo = await runInProcess(['connect-four', 'book', 'merge', part(1), join(dir, 'part-9.journal'), '--out', join(dir, 'x.c4book')]);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/Cannot read the journal .*part-9\.journal: no such file/);
    const half = join(dir, 'half.journal');
    expect((await build(['--shard', '1/2', '--journal', half])).status).toBe(0);
    const overlap = await runInProcess(['connect-four', 'book', 'merge', half, part(2), '--out', join(dir, 'x.c4book')]);
    expect(overlap.status).toBe(2);
    expect(overlap.stderr).toMatch(/counted in both .*half\.journal and .*part-2\.journal/);
    const other = join(dir, 'other.journal');
    expect((await runCli(['connect-four', 'book', 'build', '--root', `${ROOT}4`, '--depth', '28', '--shard', '1/3', '--journal', other, '--workers', '1', '--table', '200000'])).status).toBe(0);
    const mixed = await runInProcess(['connect-four', 'book', 'merge', part(2), other, '--out', join(dir, 'x.c4book')]);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toMatch(/journals of different jobs do not merge/);
    const asOther = await runInProcess(['connect-four', 'book', 'build', '--root', ROOT, '--depth', '28', '--workers', '1', '--table', '200000', '--shard', '1/3', '--journal', part(2)]);
    expect(asOther.status).toBe(2);
    expect(asOther.stderr).toMatch(/part-2\.journal:1: a record of items .* but this run \(or shard\) holds items/);
    expect(existsSync(join(dir, 'x.c4book'))).toBe(false);
  });

  it('a shard writes its journal only, and an old journal of `<moves> <score>` lines is a clear error', async () => {
    const both = await build(['--shard', '1/3', '--journal', join(dir, 'y.journal'), '--out', join(dir, 'y.c4book')]);
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/writes only its journal/);
    const old = join(dir, 'old.journal');
    writeFileSync(old, `${ROOT}44 3\n`);
    const result = await build(['--out', join(dir, 'old.c4book'), '--journal', old]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/old\.journal:1: not a tabletop-job\/1 record/);
  });
});

describe('the shipped opening book', () => {
  it('is its opening levels and its deep levels, which join without a gap; a damaged or contradicting file is left out with a warning', () => {
    const [opening, ...deep] = [DEFAULT_BOOK_PATH, ...DEEP_BOOK_PATHS].map(readBookFile);
    expect(opening!.firstLevel).toBe(0);
    // Each deep level, in its parts, starts where the files before it are complete, and is complete itself.
    let completeDepth = opening!.completeDepth;
    let next = 0;
    for (const stones of SHIPPED_DEEP_LEVELS) {
      const parts = deep.slice(next, next + DEEP_LEVEL_PARTS[stones]);
      next += parts.length;
      expect(parts.map((part) => part.part)).toEqual(Array.from({ length: DEEP_LEVEL_PARTS[stones] }, (_, index) => ({ index, of: DEEP_LEVEL_PARTS[stones] })));
      for (const part of parts) expect(part.info()).toMatchObject({ firstLevel: completeDepth + 1, depth: stones, completeDepth: stones });
      completeDepth = stones;
    }
    expect(next).toBe(deep.length);
    const warnings: string[] = [];
    const merged = loadDefaultBook((m) => warnings.push(m), SHIPPED_BOOK_PATHS)!;
    expect(warnings).toEqual([]);
    const entries = [opening!, ...deep].reduce((sum, book) => sum + book.size, 0);
    expect(merged.info()).toMatchObject({ entries, firstLevel: 0, completeDepth, depth: completeDepth });
    // As the command line loads it: the deep levels read part by part as lookups need them, each
    // answering as the files merged at once.
    const onDemand = loadDefaultBook((m) => warnings.push(m))!;
    expect(onDemand.info()).toMatchObject({ entries: opening!.size, firstLevel: 0, depth: completeDepth });
    const [inLastPart] = deep[deep.length - 1]!.entries();
    expect(onDemand.scoreOfKey(inLastPart!.key)).toBe(inLastPart!.score);
    expect(onDemand.size).toBe(opening!.size + deep[deep.length - 1]!.size);
    for (const part of deep.filter((_, i) => i % 17 === 0)) for (const { key, score } of [...part.entries()].slice(0, 50)) expect(onDemand.scoreOfKey(key)).toBe(score);
    expect(warnings).toEqual([]);
    // A deep level damaged (one byte flipped): left out with a warning, the opening levels used.
    const bytes = readFileSync(DEEP_BOOK_PATHS[0]!);
    bytes[bytes.length - 1]! ^= 1;
    const damaged = join(dir, 'damaged-deep.c4book');
    writeFileSync(damaged, bytes);
    expect(loadDefaultBook((m) => warnings.push(m), [DEFAULT_BOOK_PATH, damaged])!.info()).toEqual(opening!.info());
    expect(warnings.join()).toMatch(/opening book not used: .*damaged-deep.c4book: damaged opening book: checksum mismatch/);
    // One part of the deepest level damaged: the other parts answer, the level is no longer complete.
    const last = DEEP_BOOK_PATHS.length - 1;
    const lastBytes = readFileSync(DEEP_BOOK_PATHS[last]!);
    lastBytes[lastBytes.length - 1]! ^= 1;
    const damagedPart = join(dir, 'damaged-part.c4book');
    writeFileSync(damagedPart, lastBytes);
    const withoutPart = loadDefaultBook((m) => warnings.push(m), [DEFAULT_BOOK_PATH, ...DEEP_BOOK_PATHS.slice(0, last), damagedPart])!;
    expect(withoutPart.info()).toMatchObject({ entries: merged.size - deep[deep.length - 1]!.size, completeDepth: completeDepth - 1, depth: completeDepth });
    const [heldElsewhere] = deep[deep.length - 2]!.entries();
    expect(withoutPart.scoreOfKey(heldElsewhere!.key)).toBe(heldElsewhere!.score);
    const [lost] = deep[deep.length - 1]!.entries();
    expect(withoutPart.scoreOfKey(lost!.key)).toBeUndefined();
    // A deep level that contradicts the opening levels (a position of both scored apart): left
    // out, and the files after it still merged.
    const [first] = opening!.entries();
    const liar = join(dir, 'liar.c4book');
    writeFileSync(liar, OpeningBook.fromEntries([{ ...first!, score: -first!.score - 1, moves: stonesOfKey(first!.key) }]).encode());
    warnings.length = 0;
    expect(loadDefaultBook((m) => warnings.push(m), [DEFAULT_BOOK_PATH, liar, ...DEEP_BOOK_PATHS])!.info()).toEqual(merged.info());
    expect(warnings.join()).toMatch(/liar.c4book not used: Two scores for the book key/);
  });

  it('loads (integrity checked) and agrees with the solver on a sample of its positions', () => {
    const book = shippedBook();
    const opening = shippedOpeningLevels();
    expect(opening.size).toBeGreaterThan(0);
    // The opening levels, every position: each one the file holds is one of them…
    const levels = bookPositions('', opening.depth);
    const held = levels.flat().filter((e) => opening.scoreOfKey(e.key) !== undefined);
    expect(held.length).toBe(opening.size);
    // …and the deep levels, 2,000 positions of each reached by random play (the levels hold too
    // many positions to enumerate here); the sample stands for them below.
    const deep = SHIPPED_DEEP_LEVELS.flatMap((stones) => randomLevelPositions(stones, 2_000, stones).map((moves) => ({ moves, key: canonicalKey(Position.fromMoves(moves)) })));
    for (const e of deep) expect(book.scoreOfKey(e.key), e.moves).toBeDefined();
    // Every stored score of a position whose children are all known is their best, negated.
    let consistent = 0;
    for (const e of [...held, ...deep]) {
      const p = Position.fromMoves(e.moves);
      const children: (number | undefined)[] = p.legalMoves().map((col) => {
        const child = p.clone();
        child.play(col);
        return child.canWinNext() ? immediateWinScore(child.moves) : book.score(child);
      });
      if (children.every((c) => c !== undefined)) {
        expect(book.scoreOfKey(e.key)).toBe(Math.max(...children.map((c) => 0 - c!)));
        consistent++;
      }
    }
    expect(consistent).toBeGreaterThan(held.length);
    // Complete levels: every position of up to the opening file's complete depth is held (or is an
    // immediate win); the deep levels complete the book to their own depth.
    expect(opening.completeDepth).toBeGreaterThanOrEqual(4);
    expect(book.completeDepth).toBe(SHIPPED_DEEP_LEVELS[SHIPPED_DEEP_LEVELS.length - 1]);
    for (const level of levels.slice(0, opening.completeDepth + 1)) {
      for (const e of level) {
        if (!Position.fromMoves(e.moves).canWinNext()) expect(book.scoreOfKey(e.key), e.moves).toBeDefined();
      }
    }
    // The strategy book was proven apart (weak searches over its own tree): wherever both books
    // hold a position, the exact score's sign is its value.
    const values = readBookFile(DEFAULT_VALUES_PATH);
    let both = 0;
    for (const e of [...held, ...deep]) {
      const value = values.scoreOfKey(e.key);
      if (value === undefined) continue;
      expect({ moves: e.moves, value: Math.sign(book.scoreOfKey(e.key)!) }).toEqual({ moves: e.moves, value });
      both++;
    }
    expect(both).toBeGreaterThan(100);
    const solver = new Solver({ tableSize: 1 << 20 });
    // A few positions solved outright, on a node budget: the stored score lies within the bounds proven.
    const sample = [...held.filter((_, i) => i % Math.max(1, Math.floor(held.length / 4)) === 0).slice(0, 4), ...deep.filter((_, i) => i % 1_000 === 0)];
    for (const e of sample) {
      const result = solver.search(Position.fromMoves(e.moves), { maxNodes: 3_000_000 });
      const stored = book.scoreOfKey(e.key)!;
      expect(stored).toBeGreaterThanOrEqual(result.lower);
      expect(stored).toBeLessThanOrEqual(result.upper);
    }
  }, 120_000);
});

describe('tabletop connect-four book strategy', () => {
  it('proves the values of both players\' strategies from a root (resumable), and solve answers from the book as without it', async () => {
    const out = join(dir, 'values.c4book');
    const depth = ROOT.length + 4;
    const first = await runCli(['connect-four', 'book', 'strategy', '--depth', String(depth), '--roots', ROOT, '--out', out, '--table', '131101']);
    expect(first.status, first.stderr).toBe(0);
    const journal = readFileSync(`${out}.journal`, 'utf8').trim().split('\n');
    // One record per strategy: the root's for the first player and for the second.
    expect(journal).toHaveLength(2);
    const leaves = strategyLeaves(`${out}.journal`);
    expect(leaves.length).toBeGreaterThan(3);
    const again = await runCli(['connect-four', 'book', 'strategy', '--depth', String(depth), '--roots', ROOT, '--out', out, '--table', '131101']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/ 0 leaves solved/);
    expect(readFileSync(`${out}.journal`, 'utf8').trim().split('\n')).toEqual(journal);
    const info = await runInProcess(['connect-four', 'book', 'info', out]);
    expect(info.stdout).toMatch(/values \(win\/draw\/loss\), checksum OK/);
    const lines = [ROOT, ...leaves].join('\n') + '\n';
    for (const mode of [['--weak'], [], ['--analyze']]) {
      // Weak: the book's values; exact: these late positions are settled within the node budget, as without the book.
      const withBook = await runCli(['connect-four', 'solve', ...mode, '--book', out], { input: lines });
      const without = await runCli(['connect-four', 'solve', ...mode, '--no-book'], { input: lines });
      expect(withBook.status).toBe(0);
      expect(withBook.stdout).toBe(without.stdout);
    }
  }, 120_000);

  it('extends a strategy book without its journal (--from): the book\'s values are taken as proven', async () => {
    const out = join(dir, 'values.c4book');
    const book = readBookFile(out);
    const depth = ROOT.length + 4;
    // Written again from the book alone (an empty journal, nothing solved): every value comes back.
    const again = join(dir, 'from-book.c4book');
    const rewritten = await runCli(['connect-four', 'book', 'strategy', '--depth', String(depth), '--roots', ROOT, '--from', out, '--write-only', '--journal', join(dir, 'none.journal'), '--out', again]);
    expect(rewritten.status, rewritten.stderr).toBe(0);
    const copy = readBookFile(again);
    for (const { key, score } of book.entries()) expect(copy.scoreOfKey(key)).toBe(score);
    // Deeper: only the new leaves are solved (those of the old depth come from the book).
    const deeper = await runCli(['connect-four', 'book', 'strategy', '--depth', String(depth + 2), '--roots', ROOT, '--from', out, '--journal', join(dir, 'deeper.journal'), '--out', join(dir, 'deeper.c4book'), '--table', '131101']);
    expect(deeper.status, deeper.stderr).toBe(0);
    const leaves = strategyLeaves(join(dir, 'deeper.journal'));
    expect(leaves.length).toBeGreaterThan(0);
    expect(leaves.every((moves) => moves.length === depth + 2)).toBe(true);
    const extended = readBookFile(join(dir, 'deeper.c4book'));
    for (const { key, score } of book.entries()) expect(extended.scoreOfKey(key)).toBe(score);
    expect(extended.depth).toBeGreaterThan(book.depth);
    // An exact-score book is not a book of values.
    const wrong = await runInProcess(['connect-four', 'book', 'strategy', '--depth', String(depth), '--roots', ROOT, '--from', DEFAULT_BOOK_PATH, '--write-only', '--out', join(dir, 'wrong.c4book')]);
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toMatch(/--from takes a strategy book/);
  }, 120_000);
});

describe('solve with a book of values on an opening position', () => {
  it('answers at once with the value as a bound where the exact score is out of reach', async () => {
    // After a first stone in column 1 the second player wins (exact score 2); without more book
    // than this one value, its exact score takes the solver hours, far past the 30M-node budget.
    const file = join(dir, 'one-value.c4book');
    writeFileSync(file, OpeningBook.fromEntries([{ key: canonicalKey(Position.fromMoves('1')), score: 1, moves: 1 }], -1, true).encode());
    const weak = await runCli(['connect-four', 'solve', '--weak', '--book', file], { input: '1\n' });
    expect(weak.stdout).toBe('1 1\n');
    const exact = await runCli(['connect-four', 'solve', '--book', file], { input: '1\n' });
    expect(exact.status).toBe(0);
    expect(exact.stdout).toMatch(/^1 (>=1|1\.\.([2-9]|1[0-8]))\n$/);
  }, 60_000);
});

describe('the shipped strategy book (values)', () => {
  it('loads (integrity checked), is closed under negamax where it holds every child, and agrees with the solver on a sample', () => {
    const values = readBookFile(DEFAULT_VALUES_PATH);
    expect(values.weak).toBe(true);
    expect(values.size).toBeGreaterThan(0);
    // Walk from the empty board through the positions it holds (one per mirror pair), and through
    // every position of the first 4 stones (a partly built book may not hold the shallow ones yet).
    const held: string[] = [];
    const seen = new Set<number>();
    const walk = (p: Position): void => {
      const key = canonicalKey(p);
      if (seen.has(key)) return;
      seen.add(key);
      if (values.score(p) !== undefined) held.push(p.toMoves());
      if (p.moves >= values.depth) return;
      for (const col of p.legalMoves()) {
        p.play(col);
        if (!p.isGameOver() && !p.canWinNext() && (p.moves <= 4 || values.score(p) !== undefined)) walk(p);
        p.undo();
      }
    };
    walk(new Position());
    expect(held.length).toBeGreaterThan(0);
    // A value whose children are all known is their best, negated; a win needs one child lost, a
    // loss every child won (the proofs the builder made).
    let consistent = 0;
    for (const moves of held) {
      const p = Position.fromMoves(moves);
      const children = p.legalMoves().map((col) => {
        const child = p.clone();
        child.play(col);
        return child.isTie() ? 0 : child.canWinNext() ? 1 : values.score(child);
      });
      const stored = values.score(p)!;
      if (children.some((c) => c === 0 - stored)) consistent++;
      expect(children.some((c) => c !== undefined && 0 - c > stored)).toBe(false);
    }
    expect(consistent).toBeGreaterThan(0);
    // The deepest positions, solved outright on a node budget: the stored value lies within the bounds proven.
    const solver = new Solver({ tableSize: 1 << 20 });
    let settled = 0;
    for (const moves of held.filter((m) => m.length === values.depth).slice(0, 6)) {
      const result = solver.search(Position.fromMoves(moves), { weak: true, maxNodes: 1_000_000 });
      const stored = values.score(Position.fromMoves(moves))!;
      expect(stored).toBeGreaterThanOrEqual(result.lower);
      expect(stored).toBeLessThanOrEqual(result.upper);
      if (result.complete) settled++;
    }
    expect(settled).toBeGreaterThan(0);
  }, 120_000);
});

describe('solve on the empty board, with the shipped books', () => {
  /** The bounds a column's text states: `s`, `a..b`, `>=a` or `<=b` (scores are within ±18). */
  const bounds = (text: string): [number, number] => {
    if (text.startsWith('>=')) return [Number(text.slice(2)), 18];
    if (text.startsWith('<=')) return [-18, Number(text.slice(2))];
    const [lower, upper = lower] = text.split('..');
    return [Number(lower), Number(upper)];
  };

  it('answers that the first player wins, and --analyze gives every first move its exact score from the opening book', async () => {
    const result = await runCli(['connect-four', 'solve'], { input: '-\n' });
    expect(result.stdout).toBe('- 1\n');
    const weak = await runCli(['connect-four', 'solve', '--analyze', '--weak'], { input: '-\n' });
    expect(weak.stdout).toBe('- -1 -1 0 1 0 -1 -1\n');
    // The centre wins with the first player's 21st stone (1), its neighbours draw, columns 2 and 6
    // lose to the opponent's 21st stone and columns 1 and 7 to its 20th: the opening book's
    // scores, each the best of its children's as the book's consistency test checks.
    const analysis = await runCli(['connect-four', 'solve', '--analyze'], { input: '-\n4\n' });
    expect(analysis.status).toBe(0);
    expect(analysis.stderr).toBe('');
    expect(analysis.stdout).toBe('- -2 -1 0 1 0 -1 -2\n4 -4 -2 -2 -1 -2 -2 -4\n');
  }, 120_000);

  it('without the opening book, the strategy book still settles every first move\'s win, draw or loss', async () => {
    // Seconds of search when idle; on a loaded machine it may take longer than runCli's default limit.
    const analysis = await runCli(['connect-four', 'solve', '--analyze', '--book', DEFAULT_VALUES_PATH], { input: '-\n', timeoutMs: 110_000 });
    expect(analysis.status).toBe(0);
    const [board, ...columns] = analysis.stdout.trim().split(' ');
    expect(board).toBe('-');
    expect(columns.slice(2, 5)).toEqual(['0', '1', '0']);
    for (const col of [0, 1, 5, 6]) {
      const [lower, upper] = bounds(columns[col]!);
      expect(upper, columns[col]).toBeLessThanOrEqual(-1);
      expect(lower, columns[col]).toBeGreaterThanOrEqual(-18);
    }
  }, 120_000);
});
