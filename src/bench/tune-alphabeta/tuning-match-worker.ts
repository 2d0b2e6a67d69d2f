/**
 * Worker-thread entry for the tuning's matches on the lab's job runner (run by piscina from
 * dist/bench/tune-alphabeta/tuning-match-worker.js; see tuning-match.ts): one batch of games.
 */
import type { JobTask } from '../../lab/job-runner.js';
import { playMatchGames, type MatchGame, type TuningMatchParams } from './tuning-match.js';

export default function playMatchBatch(task: JobTask): MatchGame[] {
  return playMatchGames(task.params as unknown as TuningMatchParams, task.start, task.end);
}
