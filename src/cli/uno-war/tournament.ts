/**
 * `tabletop uno-war tournament`: the spec's Tournament on the lab — every ordered pair of AIs (both
 * seats, including each AI against itself), each win rate with its 95% Wilson interval, the
 * win-rate matrix, and Elo ratings fitted to the whole matrix with score-test CIs.
 */
import { Option, type Command } from 'commander';
import type { GameDefinition, GameState } from '../../core/game.js';
import { unoWarGame } from '../../games/uno-war/definition.js';
import { roundRobinLineups } from '../../lab/round-robin.js';
import { parseList } from '../options.js';
import { addLabOptions, runExperimentCommand, type LabOptions } from '../lab/experiment.js';
import { resolvePlayers } from '../lab/user-players.js';

const AIS = Object.keys(unoWarGame.agents);
const DEFAULT_AIS = unoWarGame.defaultLineup!.players;

export function registerTournament(command: Command): Command {
  const tournament = command
    .command('tournament')
    .description('every ordered pair of AIs: win rates with 95% Wilson CIs, the matrix, and Elo ratings')
    .addOption(
      new Option('-a, --ais <list>', `comma-separated AIs (${AIS.join(', ')}) or AI modules (./my-ai.mjs, a package name; see docs/your-own-player.md)`)
        .argParser(parseList('The --ais list'))
        .default([...DEFAULT_AIS], DEFAULT_AIS.join(',')),
    );
  addLabOptions(tournament, { games: 1000, unit: 'per ordered pairing', stopRule: "each pairing's win rate (not the Elo ratings)" });
  tournament.action(async (options: LabOptions & { ais: string[] }) => {
    await runExperimentCommand({
      command: tournament,
      options,
      game: unoWarGame.id,
      lineups: roundRobinLineups(await resolvePlayers(unoWarGame as unknown as GameDefinition<GameState>, options.ais, '--ais')),
      lineupOptions: ['ais'],
      // Both seats of a pairing play the same deals (UnoWar has no openings: its deals differ).
      roundRobin: {},
    });
  });
  return command;
}
