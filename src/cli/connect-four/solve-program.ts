/**
 * The lean entry of `tabletop connect-four solve`: a program holding only that command, so that
 * `solve` loads commander, the solver and its book reader, not every game, player and lab module
 * of the full program (about 100-150 ms of start-up saved: docs/connect-four-solver.md, "Through
 * the CLI"). cli/main.ts picks it when the command line starts with `connect-four solve`; the
 * command, its options, help and errors are the full program's (registerSolve, run.ts).
 */
import { Command } from 'commander';
import { finishProgram } from '../run.js';
import { registerSolve } from './solve.js';

/** `tabletop connect-four`, the group every Connect Four command hangs from (empty). */
export function connectFourGroup(program: Command): Command {
  return program.command('connect-four').description('Connect Four: solve positions, play, run bot tournaments');
}

/** `tabletop` with only `connect-four solve`. */
export function buildSolveProgram(): Command {
  const program = new Command('tabletop');
  registerSolve(connectFourGroup(program));
  return finishProgram(program);
}
