#!/usr/bin/env node
// The `tabletop` binary. All logic lives in program.ts so tests can drive it in-process too.
import { main } from './program.js';

process.exitCode = await main(process.argv);
