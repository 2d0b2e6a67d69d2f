import type { Command } from 'commander';

// Placeholder: `tabletop connect-four play` is being written (see the open issue).
export function registerPlay(command: Command): Command {
  return command;
}
