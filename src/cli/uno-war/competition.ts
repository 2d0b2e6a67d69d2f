/**
 * `tabletop uno-war competition DIR`: the assignment's AIs of a class, against one another. Each
 * submission in DIR is built and checked first (competition-folder.ts) — a folder per student whose
 * `.java` files hold one class that extends the assignment's `AI` (compiled with the UnoWar harness,
 * java-players.ts), a `.mjs` AI module or program, or a program of the folder's `bots.json` — all
 * played as programs over the line protocol (docs/player-protocol.md) — and one that cannot be used
 * is reported and left out. An AI module (a `.mjs` with an export statement, ai-module.ts
 * `mjsKind`) is played by ai-module-program.ts, which asks it as `--ais` does, so that it runs in
 * the sandbox like the rest (the lab does not play modules and programs in one run, and a student's
 * module is not ours to run unfenced). The rest play the lab's round
 * robin (src/lab/tournament.ts): every ordered pair, both seats on the same deals, faults recorded
 * and played as the rules play a bad answer (the round is lost), with the tournament's report,
 * files and --out/--resume. Every program, the Java ones included, runs in the sandbox.
 */
import { spawnSync } from 'node:child_process';
import { basename, resolve } from 'node:path';
import { formatDuration, printable } from '../../core/format.js';
import type { Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { unoWarGame } from '../../games/uno-war/definition.js';
import { roundRobinLineups } from '../../lab/round-robin.js';
import { externalPlayerId } from '../../lab/external-players.js';
import { READ_LIMITS, readBoundedFile } from '../../lab/files.js';
import { javaPlayerId } from '../../lab/java-players.js';
import { agentLabel } from '../../lab/user-agents.js';
import { builtScript, IMPORT_TIME_LIMIT_MS } from '../../lab/module-probe.js';
import { runProgram, shellQuote } from '../../lab/programs.js';
import { scanSubmissions } from '../competition-folder.js';
import { addLabOptions, runExperimentCommand, type LabOptions } from '../lab/experiment.js';
import { UsageError } from '../options.js';
import { mjsKind } from './ai-module.js';

const game = unoWarGame as unknown as GameDefinition<GameState>;

export function registerCompetition(command: Command): Command {
  const competition = command
    .command('competition')
    .argument('[dir]', "the folder of submissions: <student>/*.java (one class extends the assignment's AI), *.mjs AI modules or line-protocol programs, and programs named in bots.json")
    .description("The assignment's competition: builds and checks every submission in DIR (a broken one is reported and left out), then plays the round robin on paired deals");
  addLabOptions(competition, { games: 1000, unit: 'per ordered pairing (both seats play the same deals)', stopRule: "each pairing's win rate (not the Elo ratings)" });
  competition.action(async (dir: string | undefined, options: LabOptions) => {
    if (options.resume !== undefined && dir !== undefined) throw new UsageError('--resume continues the competition its file holds: leave out DIR');
    if (options.resume === undefined && dir === undefined) throw new UsageError('uno-war competition needs the folder of submissions (DIR)');
    const players = dir === undefined ? [] : await submissions(resolve(dir));
    await runExperimentCommand({ command: competition, options, game: unoWarGame.id, lineups: roundRobinLineups(players), lineupOptions: [], roundRobin: {} });
  });
  return competition;
}

/** A usable submission: its lineup id, and for a `.mjs` what the report calls it. */
interface Submission {
  readonly id: string;
  readonly kind?: string;
}

/** The lineup ids of every usable submission in `dir`, after a report of each on stderr. */
async function submissions(dir: string): Promise<string[]> {
  const { usable } = await scanSubmissions<Submission>(dir, {
    // Named after the student's folder, whatever the class is called.
    java: (folder, name) => ({ id: javaPlayerId(game, `${name}=java:${folder}`, dir)! }),
    module: (path, entry) => {
      const name = basename(entry, '.mjs');
      return mjsKind(readBoundedFile(path, READ_LIMITS.module, 'the submission').toString('utf8')) === 'program' ? nodeProgram(name, path) : aiModule(name, path);
    },
    moduleKind: (submission) => submission.kind!,
    nameOf: (submission) => agentLabel(submission.id),
    program: (name, command) => ({ id: externalPlayerId(game, `${name}=exec:${command}`)! }),
  });
  return usable.map((submission) => submission.id);
}

/** A `.mjs` program over the line protocol, run with node once it parses. */
function nodeProgram(name: string, path: string): Submission {
  const check = spawnSync(process.execPath, ['--check', path], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`does not parse:\n${`${check.stderr}${check.error?.message ?? ''}`.trim()}`);
  return { id: externalPlayerId(game, `${name}=exec:node ${shellQuote(path)}`)!, kind: 'JavaScript program, checked' };
}

/**
 * An AI module, played by ai-module-program.ts. It is loaded and its AI built once first, by the
 * same program in the sandbox (its top-level code is the student's too): one that cannot play is
 * left out with the program's reason.
 */
async function aiModule(name: string, path: string): Promise<Submission> {
  const program = `${shellQuote(process.execPath)} ${shellQuote(builtScript(new URL('./ai-module-program.js', import.meta.url)))}`;
  const check = await runProgram(`${program} --check ${shellQuote(path)}`, IMPORT_TIME_LIMIT_MS);
  if (check.timedOut) throw new Error(`the AI module did not load within ${formatDuration(IMPORT_TIME_LIMIT_MS)}`);
  if (check.code !== 0) {
    // The program's reason is its last line (what the module printed before it is not ours to show).
    const said = printable(check.stderr.trim().split('\n').pop()!);
    throw new Error(`the AI module ${said === '' ? `ended with exit status ${String(check.code)}` : said}`);
  }
  return { id: externalPlayerId(game, `${name}=exec:${program} ${shellQuote(path)}`)!, kind: 'AI module, checked' };
}
