/**
 * `node dist/cli/uno-war/ai-module-program.js [--check] <module.mjs>`: a student's UnoWar AI module
 * as a program over the batched line protocol (docs/player-protocol.md), which `uno-war
 * competition` runs in the sandbox like any other submission (see ai-module.ts).
 *
 * `--check` only loads the module and builds its AI: exit status 0, or 2 with the reason on stderr
 * (the competition leaves such a submission out with it). Without it, the program answers every
 * batch on stdin until stdin closes. Whatever the module prints (`console.log`,
 * `process.stdout.write`) goes to stderr, so that nothing it prints is read as an answer. Its
 * imports of `tabletop-lab` find this package when its folder has none (ai-module-hooks.ts).
 */
import { register } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { thrownText } from '../../core/format.js';
import { aiAnswerer, serveBatches } from './ai-module.js';

const args = process.argv.slice(2);
const check = args[0] === '--check';
const path = check ? args[1] : args[0];
if (path === undefined || args.length !== (check ? 2 : 1)) {
  process.stderr.write('usage: ai-module-program.js [--check] <module.mjs>\n');
  process.exit(2);
}

// The protocol's channel, kept before the module can print: stdout is the lab's to read.
const answers = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

/** Ends the program over a module that cannot play: `why` is the phrase about it, which the competition shows after the module's name. */
function refuse(why: string): never {
  process.stderr.write(`${why}\n`);
  process.exit(2);
}

// `tabletop-lab` imports resolve to this package when the module's folder has none (ai-module-hooks.ts).
register('./ai-module-hooks.js', import.meta.url, { data: { home: import.meta.url } });

let exported: Record<string, unknown> = {};
try {
  exported = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
} catch (error) {
  refuse(`cannot be loaded: ${thrownText(error)}`);
}
let answer: (observation: string) => string = () => 'none';
try {
  answer = aiAnswerer(exported);
} catch (error) {
  refuse((error as Error).message);
}
if (check) process.exit(0);

const server = serveBatches(answer, (text) => answers(text));
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => server.push(chunk));
// The run is over: end even if the module left timers or handles behind (stdout to a pipe is written synchronously on Linux).
process.stdin.on('end', () => {
  server.end();
  process.exit(0);
});
