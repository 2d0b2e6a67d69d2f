/**
 * A lab worker of the /lab page: the browser's counterpart of src/lab/worker.ts. It plays batches
 * with the lab's own BatchPlayer — the same games, seeds and tallies as the CLI's worker threads —
 * keeping one player per experiment.
 */
import { BatchPlayer, type ExperimentConfig, type Tally } from '../../../src/lab/experiment.js';

export interface BatchRequest {
  readonly id: number;
  readonly config: ExperimentConfig;
  readonly start: number;
  readonly end: number;
}

export type BatchResponse = { readonly id: number; readonly tally: Tally } | { readonly id: number; readonly error: string };

let cachedKey = '';
let cached: BatchPlayer | undefined;

self.onmessage = (event: MessageEvent<BatchRequest>) => {
  const { id, config, start, end } = event.data;
  try {
    const key = JSON.stringify(config);
    if (cached === undefined || key !== cachedKey) {
      cached = new BatchPlayer(config);
      cachedKey = key;
    }
    const response: BatchResponse = { id, tally: cached.play(start, end) };
    self.postMessage(response);
  } catch (error) {
    const response: BatchResponse = { id, error: error instanceof Error ? error.message : String(error) };
    self.postMessage(response);
  }
};
