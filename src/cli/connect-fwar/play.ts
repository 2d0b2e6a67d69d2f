import type { Command } from 'commander';

// Placeholder: `tabletop connect-fwar play` is being written (see the open issue).
export function registerPlay(command: Command): Command {
  return command;
}
