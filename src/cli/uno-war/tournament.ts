/**
 * `tabletop uno-war tournament`: the spec's Tournament on the lab — every ordered pair of AIs (both
 * seats, including each AI against itself), each win rate with its 95% Wilson interval, the
 * win-rate matrix, and Elo ratings fitted to the whole matrix with score-test CIs.
 */
import { Option, type Command } from 'commander';
import { unoWarGame } from '../../games/uno-war/definition.js';
import { roundRobinLineups } from '../../lab/round-robin.js';
import { parseChoiceList } from '../options.js';
import { addLabOptions, runExperimentCommand, type LabOptions } from '../lab/experiment.js';

const AIS = Object.keys(unoWarGame.agents);

export function registerTournament(command: Command): Command {
  const tournament = command
    .command('tournament')
    .description('every ordered pair of AIs: win rates with 95% Wilson CIs, the matrix, and Elo ratings')
    .addOption(
      new Option('-a, --ais <list>', `comma-separated AIs (${AIS.join(', ')})`)
        .argParser(parseChoiceList(AIS, 'The --ais list'))
        .default(['random', 'smallest', 'biggest'], 'random,smallest,biggest'),
    );
  addLabOptions(tournament, { games: 1000, unit: 'per ordered pairing', stopRule: "each pairing's win rate (not the Elo ratings)" });
  tournament.action(async (options: LabOptions & { ais: string[] }) => {
    await runExperimentCommand({
      command: tournament,
      options,
      game: unoWarGame.id,
      lineups: roundRobinLineups(options.ais),
      lineupOptions: ['ais'],
    });
  });
  return command;
}
