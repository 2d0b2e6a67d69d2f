/**
 * `tabletop connect-four competition DIR`: the assignment's competition over a folder of
 * submissions. Each is built and checked first — a Java folder `<name>/<name>.java` (compiled with
 * the shipped Player.Player and harness), a `.mjs` player module, or a program named in the
 * folder's manifest `bots.json` — and one that cannot be used is reported and left out. The rest
 * play the `tournament` command's round robin (opening pairs, the assignment's 18 s move limit,
 * standings with intervals, records, HTML report, --out/--resume), every program in the sandbox.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { buildJavaSubmission, JavaBuildError } from '../../arena/connect-four/java-submission.js';
import { parseBotDefinition, resolveLineup } from '../../arena/connect-four/lineup.js';
import { scanSubmissions } from '../competition-folder.js';
import { UsageError } from '../options.js';

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
  const asProgram = (name: string, command: string): { bot: string; name: string; external: string } => {
    parseBotDefinition(`${name}=${command}`);
    return { bot: name, name, external: `${name}=${command}` };
  };
  const { usable } = await scanSubmissions<{ bot: string; name: string; external?: string }>(dir, {
    java: (folder) => {
      try {
        const build = buildJavaSubmission(folder);
        return asProgram(build.name, build.command);
      } catch (error) {
        // javac's message, without the submission's name the report already shows.
        if (error instanceof JavaBuildError) throw new JavaBuildError(error.message.replace(/^[^:]+: /, ''));
        throw error;
      }
    },
    module: async (path) => {
      const { names } = await resolveLineup([path], []);
      return { bot: path, name: names[0]! };
    },
    program: asProgram,
    nameOf: (submission) => submission.name,
  });
  return { bots: usable.map((submission) => submission.bot), externals: usable.flatMap((submission) => (submission.external === undefined ? [] : [submission.external])) };
}
