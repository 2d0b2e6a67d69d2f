/**
 * `tabletop uno-war competition DIR`: the assignment's AIs of a class, against one another. Each
 * submission in DIR is built and checked first (competition-folder.ts) — a folder per student whose
 * `.java` files hold one class that extends the assignment's `AI` (compiled with the UnoWar harness,
 * java-players.ts), a `.mjs` program run with node, or a program of the folder's `bots.json` — all
 * speaking the line protocol (docs/player-protocol.md) — and one that cannot be used is reported
 * and left out. (JavaScript comes as a program, not an AI module: the lab does not play modules and
 * programs in one run.) The rest play the lab's round
 * robin (src/lab/tournament.ts): every ordered pair, both seats on the same deals, faults recorded
 * and played as the rules play a bad answer (the round is lost), with the tournament's report,
 * files and --out/--resume. Every program, the Java ones included, runs in the sandbox.
 */
import { spawnSync } from 'node:child_process';
import { basename, resolve } from 'node:path';
import type { Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { unoWarGame } from '../../games/uno-war/definition.js';
import { roundRobinLineups } from '../../lab/round-robin.js';
import { externalPlayerId } from '../../lab/external-players.js';
import { javaPlayerId } from '../../lab/java-players.js';
import { agentLabel } from '../../lab/user-agents.js';
import { shellQuote } from '../../lab/programs.js';
import { scanSubmissions } from '../competition-folder.js';
import { addLabOptions, runExperimentCommand, type LabOptions } from '../lab/experiment.js';
import { UsageError } from '../options.js';

const game = unoWarGame as unknown as GameDefinition<GameState>;

export function registerCompetition(command: Command): Command {
  const competition = command
    .command('competition')
    .argument('[dir]', "the folder of submissions: <student>/*.java (one class extends the assignment's AI), *.mjs AI modules, and programs named in bots.json")
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

/** The lineup ids of every usable submission in `dir`, after a report of each on stderr. */
async function submissions(dir: string): Promise<string[]> {
  const { usable } = await scanSubmissions<string>(dir, {
    // Named after the student's folder, whatever the class is called.
    java: (folder, name) => javaPlayerId(game, `${name}=java:${folder}`, dir)!,
    // A program over the line protocol, run with node: the lab plays programs and modules in separate runs.
    module: (path, entry) => {
      const check = spawnSync(process.execPath, ['--check', path], { encoding: 'utf8' });
      if (check.status !== 0) throw new Error(`does not parse:\n${`${check.stderr}${check.error?.message ?? ''}`.trim()}`);
      return externalPlayerId(game, `${basename(entry, '.mjs')}=exec:node ${shellQuote(path)}`)!;
    },
    moduleKind: 'JavaScript program, checked',
    nameOf: agentLabel,
    program: (name, command) => externalPlayerId(game, `${name}=exec:${command}`)!,
  });
  return usable;
}
