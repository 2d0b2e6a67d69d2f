import type { Command } from 'commander';

// Placeholder: `tabletop connect-fwar compare` is being written (see the open issue).
export function registerCompare(command: Command): Command {
  return command;
}
