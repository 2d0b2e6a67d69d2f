/**
 * The worker-thread entry of Connect Four SPRT pairs (opening-pairs.ts), run by the lab's runner
 * as a batch source's worker: loads the user players' modules once per thread, then plays batches.
 */
import type { BatchAnswer } from '../../lab/batching.js';
import type { PlayedGame } from '../../lab/experiment.js';
import { loadUserAgents } from '../../lab/user-players.js';
import type { BatchTask } from '../../lab/worker.js';
import { playPairs } from './opening-pairs.js';

export default async function playOpeningBatch(task: BatchTask): Promise<BatchAnswer> {
  await loadUserAgents(task.config);
  if (task.record !== true) return playPairs(task.config, task.start, task.end);
  const games: PlayedGame[] = [];
  const tally = await playPairs(task.config, task.start, task.end, games);
  return { tally, games };
}
