#!/usr/bin/env node
// The `tabletop` binary. All logic lives in program.ts so tests can drive it in-process too;
// `connect-four solve` loads only its own lean program (connect-four/solve-program.ts), which
// spares it the start-up of every other command's modules.

// A reader that goes away (`tabletop … | head`) is not an error of ours: stop quietly, as Unix
// tools do, instead of dying with an unhandled EPIPE stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

// The test is repeated here (not imported) so the full program pays for no extra module.
if (process.argv[2] === 'connect-four' && process.argv[3] === 'solve') {
  const [{ buildSolveProgram }, { runProgram }] = await Promise.all([import('./connect-four/solve-program.js'), import('./run.js')]);
  process.exitCode = await runProgram(buildSolveProgram(), process.argv);
} else {
  const { main } = await import('./program.js');
  process.exitCode = await main(process.argv);
}
