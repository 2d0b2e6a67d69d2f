/**
 * Runs the documents' examples against the built CLI and compares what they print.
 *
 * Each console block runs in a fresh temporary folder that links every top-level entry of the
 * repository (so `examples/…` and `node dist/cli/main.js` resolve and files an example writes stay
 * out of the checkout), with `tabletop` and `npx tabletop` both meaning dist/cli/main.js. Blocks run
 * in parallel, a few at a time; the commands of one block run in order.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  parseDocument,
  outputLines,
  outputMatches,
  describeDifference,
  type DocBlock,
  type DocExample,
} from './examples.js';

export interface ExampleResult {
  readonly example: DocExample;
  readonly block: DocBlock;
  readonly actual: readonly string[];
  readonly status: number | null;
  readonly ok: boolean;
  /** Empty when ok; otherwise a line diff and, if the status differs, a line saying so. */
  readonly difference: string;
}

export interface DocsCheckOptions {
  /** How many blocks run at once (default: the hardware threads, at least 2, at most 4). */
  readonly jobs?: number;
  /** Per command; a command still running after it is killed and fails. */
  readonly timeoutMs?: number;
}

/** README.md and docs/*.md (sorted), relative to the repository root. */
export function documentFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

export interface CollectedDocs {
  readonly blocks: readonly DocBlock[];
  readonly problems: readonly string[];
}

/** Every console block of the given documents, and the problems of their markup. */
export function collectBlocks(root: string, files: readonly string[]): CollectedDocs {
  const blocks: DocBlock[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const parsed = parseDocument(file, readFileSync(join(root, file), 'utf8'));
    blocks.push(...parsed.blocks);
    problems.push(...parsed.problems);
  }
  return { blocks, problems };
}

/**
 * Whether the script a `produced by` marker names exists: `npm run NAME` needs NAME in
 * package.json's scripts, `node PATH` / `sh PATH` needs the file. Returns a problem or null.
 */
export function checkProducer(root: string, block: DocBlock): string | null {
  const producer = block.producedBy ?? '';
  const where = `${block.file}:${block.line}`;
  const npm = /^npm run ([\w:.-]+)/.exec(producer);
  if (npm) {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    return pkg.scripts?.[npm[1]!] ? null : `${where}: produced by '${producer}', but package.json has no script '${npm[1]}'`;
  }
  const file = /^(?:node|sh|bash) (\S+)/.exec(producer);
  if (file) return existsSync(join(root, file[1]!)) ? null : `${where}: produced by '${producer}', but ${file[1]} does not exist`;
  return `${where}: 'produced by ${producer}' names no script (write 'npm run NAME' or 'node PATH')`;
}

async function prepareBin(root: string, scratch: string): Promise<string> {
  const bin = join(scratch, 'bin');
  await mkdir(bin);
  const cli = join(root, 'dist/cli/main.js');
  const tabletop = join(bin, 'tabletop');
  await writeFile(tabletop, `#!/bin/sh\nexec '${process.execPath}' '${cli}' "$@"\n`);
  // Only `npx tabletop` is run: any other package would be a download, which no check should make.
  const npx = join(bin, 'npx');
  await writeFile(
    npx,
    `#!/bin/sh\nif [ "$1" = tabletop ]; then shift; exec '${tabletop}' "$@"; fi\n` +
      `echo "docs-check runs only 'npx tabletop', not 'npx $1'" >&2\nexit 127\n`,
  );
  await Promise.all([chmod(tabletop, 0o755), chmod(npx, 0o755)]);
  return bin;
}

async function linkRepository(root: string, folder: string): Promise<void> {
  const entries = readdirSync(root).filter((name) => name !== '.git');
  await Promise.all(entries.map((name) => symlink(join(root, name), join(folder, name))));
}

function runCommand(command: string, cwd: string, bin: string, timeoutMs: number): Promise<{ output: string; status: number | null }> {
  return new Promise((resolve, reject) => {
    // stderr joins stdout so the two interleave as a terminal would show them.
    const child = spawn('bash', ['-c', `exec 2>&1\n${command}`], {
      cwd,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, NO_COLOR: '1', FORCE_COLOR: '0', LC_ALL: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n[docs-check: killed after ${timeoutMs / 1000} s]`;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ output, status });
    });
  });
}

async function runBlock(root: string, block: DocBlock, bin: string, scratch: string, timeoutMs: number): Promise<ExampleResult[]> {
  const folder = await mkdtemp(join(scratch, 'block-'));
  await linkRepository(root, folder);
  const results: ExampleResult[] = [];
  for (const example of block.examples) {
    const { output, status } = await runCommand(example.command, folder, bin, timeoutMs);
    const actual = outputLines(output);
    const sameOutput = outputMatches(example.expected, actual, block.mode);
    const sameStatus = status === example.expectedStatus;
    const notes: string[] = [];
    if (!sameOutput) notes.push(describeDifference(example.expected, actual, block.mode));
    if (!sameStatus) notes.push(`exit status ${status ?? 'none (killed)'}, expected ${example.expectedStatus}`);
    results.push({ example, block, actual, status, ok: sameOutput && sameStatus, difference: notes.join('\n') });
  }
  return results;
}

/** Runs every runnable block (not the `produced by` ones) and returns one result per command, in document order. */
export async function runBlocks(root: string, blocks: readonly DocBlock[], options: DocsCheckOptions = {}): Promise<ExampleResult[]> {
  const runnable = blocks.filter((block) => block.mode !== 'script');
  if (runnable.length > 0 && !existsSync(join(root, 'dist/cli/main.js'))) {
    throw new Error('The examples run the built CLI, dist/cli/main.js, which does not exist: run npm run build first.');
  }
  const jobs = options.jobs ?? Math.min(4, Math.max(2, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? 120_000;
  const scratch = await mkdtemp(join(tmpdir(), 'docs-check-'));
  try {
    const bin = await prepareBin(root, scratch);
    const results: ExampleResult[][] = new Array<ExampleResult[]>(runnable.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < runnable.length) {
        const index = next;
        next += 1;
        results[index] = await runBlock(root, runnable[index]!, bin, scratch, timeoutMs);
      }
    };
    await Promise.all(Array.from({ length: Math.min(jobs, runnable.length) }, worker));
    return results.flat();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** `file:line` of an example, for messages. */
export function exampleLocation(example: DocExample): string {
  return `${example.file}:${example.line}`;
}
