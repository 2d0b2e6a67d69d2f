/**
 * Connect Four pairs for the lab's SPRT (lab/sprt-run.ts) from the tournament's opening suites:
 * pair i starts both of its games — A as red, then B as red — from opening i of the suite (cycling
 * past its end), so the pairs differ as the tournament's games do, and each opening's edge for one
 * colour cancels within its pair. Built-in agents and player modules play through the lab's
 * `BatchPlayer`, on the lab's runner (threads, results file, resume); this module only adds the
 * opening, as a batch source (`BatchSource`) with its own worker (opening-worker.ts). A test whose
 * settings name a referee plays its pairs as the arena's tournament does instead (refereed-pairs.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GameState } from '../../core/game.js';
import type { BatchSource } from '../../lab/batching.js';
import { BatchPlayer, type ExperimentConfig, type PlayedGame, type Tally } from '../../lab/experiment.js';
import { parseSprtParams } from '../../lab/sprt.js';
import { connectFourGame } from '../../games/connect-four/definition.js';
import { playRefereedPairs, refereeOf } from './refereed-pairs.js';

/** The game's suites by name (its definition's), as `connect-four tournament --openings` names them. */
const OPENING_SUITES = connectFourGame.openings!;

/** The suite a test's config names (in its SPRT settings). */
export function suiteOf(config: ExperimentConfig): readonly (readonly number[])[] {
  const name = parseSprtParams(config.params)?.openings;
  const suite = name === undefined || !Object.hasOwn(OPENING_SUITES, name) ? undefined : OPENING_SUITES[name];
  if (suite === undefined) throw new RangeError(`Unknown opening suite '${String(name)}' (known: ${Object.keys(OPENING_SUITES).join(', ')})`);
  return suite;
}

/** Plays the opening of pair `index` (opening index mod the suite's length) on a fresh state. */
export function startFromOpening(suite: readonly (readonly number[])[]): (state: GameState, index: number) => void {
  return (state, index) => {
    for (const column of suite[index % suite.length]!) state.applyAction(column);
  };
}

/** A playing kit that starts both games of pair i from opening i mod the suite's length. */
export const openingPlayer = (config: ExperimentConfig): BatchPlayer => new BatchPlayer(config, startFromOpening(suiteOf(config)));

let cachedKey = '';
let cached: BatchPlayer | undefined;

/** This thread's kit for `config` (made once per experiment, as the lab's worker does). */
export function cachedOpeningPlayer(config: ExperimentConfig): BatchPlayer {
  const key = JSON.stringify(config);
  if (cached === undefined || key !== cachedKey) {
    cached = openingPlayer(config);
    cachedKey = key;
  }
  return cached;
}

/** dist/arena/connect-four/opening-worker.js next to this module in the build; from the sources (tests), the built copy. */
function workerFile(): string {
  for (const url of [new URL('./opening-worker.js', import.meta.url), new URL('../../../dist/arena/connect-four/opening-worker.js', import.meta.url)]) {
    if (existsSync(fileURLToPath(url))) return fileURLToPath(url);
  }
  throw new Error('The opening worker script is missing: run `npm run build` first (or use threads: 1).');
}

/** A batch of pairs: refereed, when the test's settings name a referee (refereed-pairs.ts), else played by the lab's agents. */
export function playPairs(config: ExperimentConfig, start: number, end: number, games?: PlayedGame[]): Tally | Promise<Tally> {
  if (refereeOf(config) === undefined) return cachedOpeningPlayer(config).play(start, end, undefined, undefined, games);
  return playRefereedPairs(config, suiteOf(config), start, end, games);
}

export const openingPairs: BatchSource = {
  get workerFile() {
    return workerFile();
  },
  play: playPairs,
};
