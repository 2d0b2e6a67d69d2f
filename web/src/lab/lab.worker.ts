/**
 * A lab worker of the /lab page: the browser's counterpart of src/lab/worker.ts. It plays batches
 * with the lab's own BatchPlayer — the same games, seeds and tallies as the CLI's worker threads —
 * keeping one player per experiment.
 */
import { BatchPlayer, type ExperimentConfig, type PlayedGame, type Tally } from '../../../src/lab/experiment.js';

export interface BatchRequest {
  readonly id: number;
  readonly config: ExperimentConfig;
  readonly start: number;
  readonly end: number;
  /** Also return the batch's games as played (RunOptions.recordGames). */
  readonly record?: boolean;
}

export type BatchResponse = { readonly id: number; readonly tally: Tally; readonly games?: readonly PlayedGame[] } | { readonly id: number; readonly error: string };

let cachedKey = '';
let cached: BatchPlayer | undefined;

self.onmessage = (event: MessageEvent<BatchRequest>) => {
  const { id, config, start, end, record } = event.data;
  try {
    const key = JSON.stringify(config);
    if (cached === undefined || key !== cachedKey) {
      cached = new BatchPlayer(config);
      cachedKey = key;
    }
    const games: PlayedGame[] | undefined = record === true ? [] : undefined;
    const response: BatchResponse = { id, tally: cached.play(start, end, undefined, undefined, games), ...(games === undefined ? {} : { games }) };
    self.postMessage(response);
  } catch (error) {
    const response: BatchResponse = { id, error: error instanceof Error ? error.message : String(error) };
    self.postMessage(response);
  }
};
