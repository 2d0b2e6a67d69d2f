/**
 * `tabletop connect-four competition DIR`: the assignment's competition over a folder of
 * submissions. Each is built and checked first — a Java folder `<name>/<name>.java` (compiled with
 * the shipped Player.Player and harness), a `.mjs` player module, or a program named in the
 * folder's manifest `bots.json` — and one that cannot be used is reported and left out. The rest
 * play the `tournament` command's round robin (opening pairs, the assignment's 18 s move limit,
 * standings with intervals, records, HTML report, --out/--resume), every program in the sandbox.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { buildJavaSubmission, JavaBuildError, shellQuote } from '../../arena/connect-four/java-submission.js';
import { parseBotDefinition, resolveLineup } from '../../arena/connect-four/lineup.js';
import { UsageError } from '../options.js';

/** The manifest of programs in a competition folder: `{ "<name>": "<command run in the folder>" }`. */
export const MANIFEST = 'bots.json';

interface CompetitionCliOptions {
  readonly time?: string;
  readonly games?: string;
  readonly seed?: string;
  readonly out?: string;
  readonly resume?: string;
  readonly records?: string;
  readonly html?: string;
  readonly jobs?: string;
  readonly json?: boolean;
  readonly openings?: boolean;
}

export function registerCompetition(command: Command): Command {
  command
    .command('competition')
    .argument('[dir]', 'the folder of submissions: <name>/<name>.java (the assignment\'s Player.Player), *.mjs player modules, and programs named in bots.json')
    .description("The assignment's competition: builds and checks every submission in DIR (a broken one is reported and left out), then plays the round robin")
    .option('--time <seconds>', 'move time limit, in seconds (the assignment: 18)', '18')
    .option('--games <n>', 'games per pair, from the balanced opening pairs, colours alternating', '2')
    .option('--seed <n>', 'seed (default: a fresh one, printed)')
    .option('--jobs <n>', 'games played at the same time (default: the number of CPU cores)')
    .option('--no-openings', "start every game from the empty board (the assignment's Player.Player cannot be told its own colour's opening stones)")
    .option('--json', 'print the results as JSON')
    .option('--out <file>', 'write the settings and every game as it ends, for --resume')
    .option('--resume <file>', 'continue the competition saved with --out (its submissions and settings; DIR is not read again)')
    .option('--records <file>', 'also write every game as a game record (JSONL)')
    .option('--html <file>', 'also write one self-contained HTML report')
    .action(async (dir: string | undefined, options: CompetitionCliOptions, self: Command) => {
      const tournament = self.parent?.commands.find((sibling) => sibling.name() === 'tournament');
      if (tournament === undefined) throw new Error('connect-four competition needs the tournament command');
      const reports = ['records', 'html', 'jobs'] as const;
      const passed = reports.flatMap((name) => (options[name] === undefined ? [] : [`--${name}`, options[name]!])).concat(options.json === true ? ['--json'] : []);
      if (options.resume !== undefined) {
        if (dir !== undefined) throw new UsageError('--resume continues the competition its file holds: leave out DIR');
        await tournament.parseAsync(['--resume', options.resume, ...passed], { from: 'user' });
        return;
      }
      if (dir === undefined) throw new UsageError('connect-four competition needs the folder of submissions (DIR)');
      const { bots, externals } = await submissions(resolve(dir));
      const settings = ['--time', options.time!, '--games', options.games!, ...(options.seed === undefined ? [] : ['--seed', options.seed]), ...(options.out === undefined ? [] : ['--out', options.out]), ...(options.openings === false ? ['--no-openings'] : [])];
      await tournament.parseAsync(['--bots', bots.join(','), ...externals.flatMap((bot) => ['--bot', bot]), ...settings, ...passed], { from: 'user' });
    });
  return command;
}

/** Every usable submission in `dir` (for --bots and --bot), after a report of each on stderr. */
async function submissions(dir: string): Promise<{ bots: string[]; externals: string[] }> {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch (error) {
    throw new UsageError(`Cannot read the submissions folder ${dir}: ${(error as Error).message}`);
  }
  const bots: string[] = [];
  const externals: string[] = [];
  const leftOut: string[] = [];
  const take = (name: string, command: string | null, kind: string): void => {
    if (command !== null) externals.push(`${name}=${command}`);
    bots.push(command === null ? join(dir, name) : name);
    process.stderr.write(`  ${name}: ${kind}\n`);
  };
  process.stderr.write(`Submissions in ${dir}:\n`);
  for (const entry of entries) {
    const path = join(dir, entry);
    try {
      if (statSync(path).isDirectory()) {
        if (!readdirSync(path).some((file) => file.endsWith('.java'))) continue;
        const build = buildJavaSubmission(path);
        take(build.name, build.command, 'Java, compiled');
      } else if (entry.endsWith('.mjs')) {
        await resolveLineup([path], []);
        take(entry, null, 'JavaScript module, loaded');
      }
    } catch (error) {
      // A Java build error (javac's message) or a module that does not load: reported, left out.
      if (!(error instanceof JavaBuildError || error instanceof Error)) throw error;
      leftOut.push(entry);
      process.stderr.write(`  ${entry}: LEFT OUT: ${error.message.replace(/^[^:]+: /, '').replaceAll('\n', '\n    ')}\n`);
    }
  }
  const manifest = join(dir, MANIFEST);
  if (existsSync(manifest)) {
    let programs: unknown;
    try {
      programs = JSON.parse(readFileSync(manifest, 'utf8'));
    } catch (error) {
      throw new UsageError(`${manifest}: not JSON: ${(error as Error).message}`);
    }
    if (typeof programs !== 'object' || programs === null || Array.isArray(programs)) throw new UsageError(`${manifest}: expected an object { "<name>": "<command>" }`);
    for (const [name, command] of Object.entries(programs)) {
      try {
        if (typeof command !== 'string') throw new RangeError(`its command must be a string, got ${JSON.stringify(command)}`);
        // Run in the competition folder, whatever folder the command was started from.
        parseBotDefinition(`${name}=${command}`);
        take(name, `cd ${shellQuote(dir)} && ${command}`, `program (${command})`);
      } catch (error) {
        leftOut.push(name);
        process.stderr.write(`  ${name}: LEFT OUT: ${(error as Error).message}\n`);
      }
    }
  }
  process.stderr.write(`${String(bots.length)} play${leftOut.length === 0 ? '' : `, ${String(leftOut.length)} left out (${leftOut.join(', ')})`}\n\n`);
  if (bots.length < 2) throw new UsageError(`A competition needs at least two usable submissions, ${dir} has ${String(bots.length)}`);
  return { bots, externals };
}
