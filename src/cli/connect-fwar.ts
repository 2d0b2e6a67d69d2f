import type { Command } from 'commander';

// Placeholder while the ConnectFwar commands are being written.
export function registerConnectFwar(program: Command): Command {
  return program;
}
