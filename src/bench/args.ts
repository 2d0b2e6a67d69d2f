/**
 * The benches' command lines, checked before anything runs: `--help` (or `-h`) prints the bench's
 * usage and exits, and a word that is not one of its options is refused with the usage (exit 2).
 * A bench reads its options itself (most by `--name value` lookups); without this check a
 * misspelt option was ignored and a run of minutes or hours went ahead on the default.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageFailure } from './test-set-args.js';

export interface BenchArgs {
  /** Options that take a value (`--name value`). */
  readonly valued?: readonly string[];
  /** Options that take none. */
  readonly flags?: readonly string[];
  /** Whether words that are not options are taken (the bench's own arguments). */
  readonly positionals?: boolean;
}

/** What is wrong with `argv` for a bench taking `spec`, or null; 'help' when help is asked for. */
export function benchArgsProblem(argv: readonly string[], spec: BenchArgs): string | 'help' | null {
  const valued = new Set(spec.valued ?? []);
  const flags = new Set(spec.flags ?? []);
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--help' || word === '-h') return 'help';
    if (!word.startsWith('-') || /^-\d/.test(word)) {
      if (spec.positionals === true) continue;
      return `unexpected argument '${word}'`;
    }
    if (word.includes('=')) return `write '${word.replace('=', ' ')}' (a space, not '=')`;
    if (flags.has(word)) continue;
    if (!valued.has(word)) return `unknown option '${word}'`;
    const value = argv[i + 1];
    if (value === undefined || (value.startsWith('--') && value.length > 2)) return `${word} needs a value`;
    i++;
  }
  return null;
}

/** The usage ending in one newline. */
const usageText = (usage: string): string => (usage.endsWith('\n') ? usage : `${usage}\n`);

/** Prints the usage on stdout and exits 0 (`--help`). */
function printUsage(usage: string): never {
  process.stdout.write(usageText(usage));
  process.exit(0);
}

/**
 * Checks `process.argv` against `spec` (see the file's comment): prints `usage` and exits 0 on
 * `--help`, writes the problem and the usage to stderr and exits 2 (`usageFailure`) on a word it does not take.
 */
export function checkBenchArgs(bench: string, usage: string, spec: BenchArgs, argv: readonly string[] = process.argv.slice(2)): void {
  const problem = benchArgsProblem(argv, spec);
  if (problem === null) return;
  if (problem === 'help') printUsage(usage);
  usageFailure(bench)(`${problem}\n${usage.trimEnd()}`);
}

/**
 * `parseArgs` for the benches that use it, strict, with the same `--help` and errors as
 * `checkBenchArgs` instead of a stack trace.
 */
export function parseBenchArgs<O extends NonNullable<ParseArgsConfig['options']>>(bench: string, usage: string, options: O, argv: readonly string[] = process.argv.slice(2)): ReturnType<typeof parseArgs<{ options: O; args: string[] }>> {
  if (argv.includes('--help') || argv.includes('-h')) printUsage(usage);
  try {
    return parseArgs({ options, args: [...argv] });
  } catch (error) {
    return usageFailure(bench)(`${error instanceof Error ? error.message : String(error)}\n${usage.trimEnd()}`);
  }
}
