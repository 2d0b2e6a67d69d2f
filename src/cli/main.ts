#!/usr/bin/env node
// The `tabletop` binary. All logic lives in program.ts so tests can drive it in-process too.
import { main } from './program.js';

// A reader that goes away (`tabletop … | head`) is not an error of ours: stop quietly, as Unix
// tools do, instead of dying with an unhandled EPIPE stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await main(process.argv);
