import type { Command } from 'commander';

// Placeholder: `tabletop connect-four solve` is being written (see the open issue).
export function registerSolve(command: Command): Command {
  return command;
}
