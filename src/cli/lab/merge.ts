import type { Command } from 'commander';

// Placeholder: `tabletop merge` is being written (see the open issue).
export function registerMerge(program: Command): Command {
  return program;
}
