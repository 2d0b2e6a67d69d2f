/**
 * What every game's `competition DIR` shares: reading the folder of submissions, building and
 * checking each, and reporting each on stderr — a broken one is named with the reason (the
 * compiler's message for Java) and left out, the rest play.
 *
 * A folder of submissions holds, in any mix:
 * - a folder per student with `.java` files (the game decides how its player class is found);
 * - `.mjs` files (the game decides: a player module, or a program run with node, or either by its source);
 * - programs, named in the manifest `bots.json`: `{ "<name>": "<command run in the folder>" }`.
 *
 * How a submission is built is the game's (its `SubmissionBuilders`); the scan, the manifest, the
 * report and the "at least two" rule are here, once.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { containment, shellQuote } from '../lab/programs.js';
import { UsageError } from './options.js';

/** The manifest of programs in a competition folder: `{ "<name>": "<command run in the folder>" }`. */
export const MANIFEST = 'bots.json';

/** How one game builds each kind of submission into what it plays (throw an Error to leave one out: its message is shown). */
export interface SubmissionBuilders<T> {
  /** A folder `name` holding .java files, at `folder`. */
  readonly java: (folder: string, name: string) => T | Promise<T>;
  /** A `.mjs` module at `path` (its file name `entry`). */
  readonly module: (path: string, entry: string) => T | Promise<T>;
  /** What the report calls a usable `.mjs` submission, or says of each as built (default: a JavaScript module, loaded). */
  readonly moduleKind?: string | ((built: T) => string);
  /** A program of the manifest: its name, and its command run in the competition folder (`cd <dir> && <command>`). */
  readonly program: (name: string, command: string) => T | Promise<T>;
  /** The name a built submission plays under: a second submission of the same name is left out. */
  readonly nameOf: (built: T) => string;
}

export interface SubmissionScan<T> {
  /** The usable submissions, in the order found: the folder's entries sorted, then the manifest's programs. */
  readonly usable: T[];
  /** The names of those left out. */
  readonly leftOut: string[];
}

const within = (path: string, folder: string): boolean => path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/**
 * Why the programs of the submissions in `dir` (an absolute path) would not find their folder, or
 * undefined: a sandbox with a private /tmp (bubblewrap's) hides whatever lies under /tmp, but for
 * the folder the command is started from (`cwd`), which it keeps visible.
 */
export function hiddenFromPrograms(dir: string, cwd: string, privateTmp: boolean): string | undefined {
  if (!privateTmp || !within(dir, '/tmp') || within(dir, cwd)) return undefined;
  return `${dir} lies under /tmp, which the sandbox replaces by an empty folder of their own for the programs it runs, so theirs would not be found: move the submissions out of /tmp, or start the command from ${dir}`;
}

/**
 * Builds every submission in `dir` with `builders`, reporting each on stderr, and returns the
 * usable ones. A UsageError when the folder or its manifest cannot be read, the sandbox would hide
 * the folder from its programs (`hiddenFromPrograms`; `privateTmp`: whether it has a /tmp of its
 * own), or fewer than two remain.
 */
export async function scanSubmissions<T>(dir: string, builders: SubmissionBuilders<T>, privateTmp = containment().readOnlyFilesystem): Promise<SubmissionScan<T>> {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch (error) {
    throw new UsageError(`Cannot read the submissions folder ${dir}: ${(error as Error).message}`);
  }
  const hidden = hiddenFromPrograms(dir, process.cwd(), privateTmp);
  if (hidden !== undefined) throw new UsageError(hidden);
  const usable: T[] = [];
  const leftOut: string[] = [];
  /** The entry each name was taken by. */
  const names = new Map<string, string>();
  const attempt = async (name: string, kind: string | ((built: T) => string), build: () => T | Promise<T>): Promise<void> => {
    try {
      const built = await build();
      const playsAs = builders.nameOf(built);
      const taken = names.get(playsAs);
      if (taken !== undefined) throw new Error(`it would play as '${playsAs}', the name ${taken} plays under: rename one`);
      names.set(playsAs, name);
      usable.push(built);
      process.stderr.write(`  ${name}: ${typeof kind === 'string' ? kind : kind(built)}\n`);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      leftOut.push(name);
      process.stderr.write(`  ${name}: LEFT OUT: ${error.message.replaceAll('\n', '\n    ')}\n`);
    }
  };
  process.stderr.write(`Submissions in ${dir}:\n`);
  for (const entry of entries) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (readdirSync(path).some((file) => file.endsWith('.java'))) await attempt(entry, 'Java, compiled', () => builders.java(path, entry));
    } else if (entry.endsWith('.mjs')) {
      await attempt(entry, builders.moduleKind ?? 'JavaScript module, loaded', () => builders.module(path, entry));
    }
  }
  for (const [name, command] of Object.entries(readManifest(dir))) {
    await attempt(name, `program (${String(command)})`, () => {
      if (typeof command !== 'string') throw new RangeError(`its command must be a string, got ${JSON.stringify(command)}`);
      // Run in the competition folder, whatever folder the command was started from.
      return builders.program(name, `cd ${shellQuote(dir)} && ${command}`);
    });
  }
  process.stderr.write(`${String(usable.length)} play${leftOut.length === 0 ? '' : `, ${String(leftOut.length)} left out (${leftOut.join(', ')})`}\n\n`);
  if (usable.length < 2) throw new UsageError(`A competition needs at least two usable submissions, ${dir} has ${String(usable.length)}`);
  return { usable, leftOut };
}

/** The folder's manifest (an empty one when there is none); a UsageError when it is not a JSON object. */
function readManifest(dir: string): Record<string, unknown> {
  const manifest = join(dir, MANIFEST);
  if (!existsSync(manifest)) return {};
  let programs: unknown;
  try {
    programs = JSON.parse(readFileSync(manifest, 'utf8'));
  } catch (error) {
    throw new UsageError(`${manifest}: not JSON: ${(error as Error).message}`);
  }
  if (typeof programs !== 'object' || programs === null || Array.isArray(programs)) throw new UsageError(`${manifest}: expected an object { "<name>": "<command>" }`);
  return programs as Record<string, unknown>;
}
