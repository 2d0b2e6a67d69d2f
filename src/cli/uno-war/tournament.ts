import type { Command } from 'commander';

// Placeholder: `tabletop uno-war tournament` is being written (see the open issue).
export function registerTournament(command: Command): Command {
  return command;
}
