/**
 * The lean `connect-four solve` program (solve-program.ts) must be the full program's command:
 * same help, same options, same exit statuses. The end-to-end runs (solve.test.ts) go through it.
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../program.js';
import { buildSolveProgram } from './solve-program.js';

function solveCommand(program: Command): Command {
  const group = program.commands.find((c) => c.name() === 'connect-four')!;
  return group.commands.find((c) => c.name() === 'solve')!;
}

describe('the lean connect-four solve program', () => {
  it('has the full program\'s solve command: the same help and options', () => {
    const lean = solveCommand(buildSolveProgram());
    const full = solveCommand(buildProgram());
    expect(lean.helpInformation()).toBe(full.helpInformation());
    expect(lean.options.map((o) => o.flags)).toEqual(full.options.map((o) => o.flags));
    expect(lean.helpInformation()).toContain('Usage: tabletop connect-four solve [options]');
  });

  it('holds nothing but connect-four solve', () => {
    const program = buildSolveProgram();
    expect(program.commands.map((c) => c.name())).toEqual(['connect-four']);
    expect(program.commands[0]!.commands.map((c) => c.name())).toEqual(['solve']);
  });
});
