import type { Command } from 'commander';

// Placeholder: `tabletop uno-war play` is being written (see the open issue).
export function registerPlay(command: Command): Command {
  return command;
}
