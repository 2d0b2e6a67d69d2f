/**
 * Pascal Pons' public benchmark positions (see README.md here for the source and credits): six
 * files of 1000 lines `<moves> <score>`. This module names them and parses their text; reading the
 * files is the caller's business (tests, the bench, scripts), as nothing in games/ does I/O.
 *
 * `byDefault`: whether the solver benches run the set when none is named. Begin-Hard is left out:
 * searched without a book it takes seconds a position (hours for the set, twice over beside a
 * peer); it is timed with the books by the analysis and page benches, or named with `--sets`.
 */
export const TEST_SETS = [
  { id: 'end-easy', file: 'Test_L3_R1', title: 'End-Easy', byDefault: true },
  { id: 'middle-easy', file: 'Test_L2_R1', title: 'Middle-Easy', byDefault: true },
  { id: 'middle-medium', file: 'Test_L2_R2', title: 'Middle-Medium', byDefault: true },
  { id: 'begin-easy', file: 'Test_L1_R1', title: 'Begin-Easy', byDefault: true },
  { id: 'begin-medium', file: 'Test_L1_R2', title: 'Begin-Medium', byDefault: true },
  { id: 'begin-hard', file: 'Test_L1_R3', title: 'Begin-Hard', byDefault: false },
] as const;

export type TestSetId = (typeof TEST_SETS)[number]['id'];

export interface TestPosition {
  /** 1-based column digits. */
  readonly moves: string;
  /** The exact score for the side to move (Pons' convention, as the solver's). */
  readonly score: number;
}

/** Parses a test-set file; throws a RangeError naming the first malformed line. */
export function parseTestSet(text: string): TestPosition[] {
  const out: TestPosition[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const match = /^([1-7]*) (-?\d+)$/.exec(line);
    if (match === null) throw new RangeError(`Test set line ${String(i + 1)} is not '<moves> <score>': '${line}'`);
    out.push({ moves: match[1]!, score: Number(match[2]) });
  }
  return out;
}
