/**
 * The command examples of the user documentation (README.md and docs/*.md), as a checker sees them.
 *
 * Markup, documented for writers in the README's "Checked examples":
 * - A fenced block whose info string is `console` holds examples: a line starting `$ ` is a command
 *   (a trailing `\` continues it on the next line), the lines after it, up to the next command or
 *   the fence, are what it prints (stdout and stderr together).
 * - In an expected output, a line that is only `…` stands for any number of lines (none included),
 *   and `…` inside a line for any text on that line. A last line `[exit status N]` says the command
 *   ends with status N (otherwise it must end with 0).
 * - A comment on the line before the fence (blank lines between allowed) changes how the block is
 *   checked: `<!-- docs-check: shape -->` compares outputs that depend on time or the machine by
 *   shape (every number matches every number, runs of spaces match runs of spaces);
 *   `<!-- docs-check: produced by npm run NAME -->` (or `by node PATH`, `by sh PATH`) marks a block
 *   too slow to run in the check: only the named script's existence is checked.
 * - Any other fenced block with a line starting `$ ` is an error: the check would miss it.
 */

export type BlockMode = 'exact' | 'shape' | 'script';

export interface DocExample {
  /** Path of the document, relative to the repository root. */
  readonly file: string;
  /** 1-based line of the command's first line in the document. */
  readonly line: number;
  readonly command: string;
  /** The expected output lines, without the `[exit status N]` line. */
  readonly expected: readonly string[];
  readonly expectedStatus: number;
  /** 0-based line range [outputStart, outputEnd) of the expected output in the document. */
  readonly outputStart: number;
  readonly outputEnd: number;
}

export interface DocBlock {
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly mode: BlockMode;
  /** For `script` blocks: the script named in the marker, e.g. `npm run bench:lab`. */
  readonly producedBy?: string;
  /** In document order; the commands of one block run in order, in one working folder. */
  readonly examples: readonly DocExample[];
}

export interface ParsedDocument {
  readonly blocks: readonly DocBlock[];
  /** Problems in the markup itself (a `$ ` line outside a console block, an unknown marker). */
  readonly problems: readonly string[];
}

export const ANY_LINES = '…';
const EXIT_LINE = /^\[exit status (\d+)\]$/;
const MARKER = /^<!--\s*docs-check:\s*(.*?)\s*-->$/;
const FENCE_OPEN = /^(`{3,}|~{3,})\s*([\w-]*)/;

function parseMarker(text: string): { mode: BlockMode; producedBy?: string } | string {
  if (text === 'shape') return { mode: 'shape' };
  const produced = /^produced by (.+)$/.exec(text);
  if (produced) return { mode: 'script', producedBy: produced[1]!.replace(/^`|`$/g, '') };
  return `unknown docs-check marker '${text}' (expected 'shape' or 'produced by npm run NAME')`;
}

export function parseDocument(file: string, text: string): ParsedDocument {
  const lines = text.split('\n');
  const blocks: DocBlock[] = [];
  const problems: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = FENCE_OPEN.exec(lines[i]!);
    if (!open) {
      i += 1;
      continue;
    }
    const fence = open[1]!;
    const lang = open[2]!;
    const fenceLine = i;
    let close = i + 1;
    while (close < lines.length && !lines[close]!.startsWith(fence)) close += 1;
    const body = lines.slice(fenceLine + 1, close);
    i = close + 1;

    let markerLine = fenceLine - 1;
    while (markerLine >= 0 && lines[markerLine]!.trim() === '') markerLine -= 1;
    const marker = markerLine >= 0 ? MARKER.exec(lines[markerLine]!.trim()) : null;
    const where = `${file}:${fenceLine + 1}`;

    if (lang !== 'console') {
      if (body.some((line) => line.startsWith('$ '))) {
        problems.push(`${where}: a '$ ' command in a \`\`\`${lang} block; write it in a \`\`\`console block so it is checked`);
      }
      if (marker) problems.push(`${where}: a docs-check marker before a block that is not \`\`\`console`);
      continue;
    }
    let mode: BlockMode = 'exact';
    let producedBy: string | undefined;
    if (marker) {
      const parsed = parseMarker(marker[1]!);
      if (typeof parsed === 'string') {
        problems.push(`${where}: ${parsed}`);
        continue;
      }
      mode = parsed.mode;
      producedBy = parsed.producedBy;
    }
    const examples = parseExamples(file, lines, fenceLine + 1, close);
    if (examples.length === 0) problems.push(`${where}: a console block without a '$ ' command`);
    blocks.push({ file, line: fenceLine + 1, mode, ...(producedBy ? { producedBy } : {}), examples });
  }
  return { blocks, problems };
}

function parseExamples(file: string, lines: readonly string[], start: number, end: number): DocExample[] {
  const examples: DocExample[] = [];
  let i = start;
  while (i < end && !lines[i]!.startsWith('$ ')) i += 1;
  while (i < end) {
    const commandLine = i;
    let command = lines[i]!.slice(2);
    while (command.endsWith('\\') && i + 1 < end) {
      i += 1;
      command = `${command.slice(0, -1)}${lines[i]!.replace(/^>\s?/, '')}`;
    }
    i += 1;
    const outputStart = i;
    while (i < end && !lines[i]!.startsWith('$ ')) i += 1;
    const output = trimTrailingBlank(lines.slice(outputStart, i));
    let expectedStatus = 0;
    const exit = output.length > 0 ? EXIT_LINE.exec(output[output.length - 1]!) : null;
    if (exit) {
      expectedStatus = Number(exit[1]);
      output.pop();
    }
    examples.push({
      file,
      line: commandLine + 1,
      command: command.trim(),
      expected: output,
      expectedStatus,
      outputStart,
      outputEnd: i,
    });
  }
  return examples;
}

function trimTrailingBlank(lines: readonly string[]): string[] {
  const out = lines.map((line) => line.trimEnd());
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** The printed output as the documents hold it: trailing spaces and trailing blank lines dropped. */
export function outputLines(output: string): string[] {
  return trimTrailingBlank(output.replace(/\r\n/g, '\n').split('\n'));
}

const NUMBER = /[+-]?\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?/gi;

/** What a line looks like once figures and alignment are set aside (the `shape` comparison). */
export function shapeOf(line: string): string {
  return line.replace(NUMBER, '#').replace(/\s+/g, ' ').trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function linePattern(expected: string, mode: BlockMode): RegExp {
  const text = mode === 'shape' ? shapeOf(expected) : expected;
  return new RegExp(`^${text.split(ANY_LINES).map(escapeRegExp).join('.*')}$`);
}

function lineMatches(pattern: RegExp, actual: string, mode: BlockMode): boolean {
  return pattern.test(mode === 'shape' ? shapeOf(actual) : actual);
}

/** Whether the actual output lines fit the expected ones (with `…` wildcards and the block's mode). */
export function outputMatches(expected: readonly string[], actual: readonly string[], mode: BlockMode): boolean {
  const patterns = expected.map((line) => (line.trim() === ANY_LINES ? null : linePattern(line, mode)));
  const memo = new Map<number, boolean>();
  const match = (e: number, a: number): boolean => {
    const key = e * (actual.length + 1) + a;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (e === patterns.length) result = a === actual.length;
    else {
      const pattern = patterns[e]!;
      if (pattern === null) result = match(e + 1, a) || (a < actual.length && match(e, a + 1));
      else result = a < actual.length && lineMatches(pattern, actual[a]!, mode) && match(e + 1, a + 1);
    }
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}

/**
 * A line diff for a person: `-` expected, `+` printed, two spaces for lines that agree (a `…` line
 * is shown as context). Built on the longest common subsequence under the block's line matching.
 */
export function describeDifference(expected: readonly string[], actual: readonly string[], mode: BlockMode): string {
  const rows = expected.filter((line) => line.trim() !== ANY_LINES);
  const patterns = rows.map((line) => linePattern(line, mode));
  const n = rows.length;
  const m = actual.length;
  const common: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let e = n - 1; e >= 0; e -= 1) {
    for (let a = m - 1; a >= 0; a -= 1) {
      common[e]![a] = lineMatches(patterns[e]!, actual[a]!, mode)
        ? common[e + 1]![a + 1]! + 1
        : Math.max(common[e + 1]![a]!, common[e]![a + 1]!);
    }
  }
  const out: string[] = [];
  let e = 0;
  let a = 0;
  while (e < n || a < m) {
    if (e < n && a < m && lineMatches(patterns[e]!, actual[a]!, mode)) {
      out.push(`  ${actual[a]}`);
      e += 1;
      a += 1;
    } else if (e < n && (a === m || common[e + 1]![a]! >= common[e]![a + 1]!)) {
      out.push(`- ${rows[e]}`);
      e += 1;
    } else {
      out.push(`+ ${actual[a]}`);
      a += 1;
    }
  }
  return out.join('\n');
}

/**
 * The expected output to write back for `--update`, or null when the example's wildcards leave no
 * safe rewrite (then a person edits it). An output with no `…` line is replaced whole; one whose
 * only `…` line is the first (or the last) keeps it and takes as many printed lines at the end (or
 * the start) as it showed before.
 */
export function updatedOutput(expected: readonly string[], actual: readonly string[], status: number): string[] | null {
  const wildcardLines = expected.flatMap((line, index) => (line.trim() === ANY_LINES ? [index] : []));
  const exit = status === 0 ? [] : [`[exit status ${status}]`];
  const hasInlineWildcard = expected.some((line) => line.trim() !== ANY_LINES && line.includes(ANY_LINES));
  if (hasInlineWildcard) return null;
  if (wildcardLines.length === 0) return [...actual, ...exit];
  if (wildcardLines.length > 1) return null;
  const kept = expected.length - 1;
  if (wildcardLines[0] === 0) return [ANY_LINES, ...actual.slice(Math.max(0, actual.length - kept)), ...exit];
  if (wildcardLines[0] === expected.length - 1) return [...actual.slice(0, kept), ANY_LINES, ...exit];
  return null;
}
