/**
 * `runLabOnNode`: a lab run on Node — worker threads and a results file on disk. It only wires the
 * Node pieces (runner.ts's thread pool, the results file opened as a job's journal, results-file.ts) into `runLab` (session.ts),
 * which plans and plays the run; the CLI and library users on Node call this.
 */
import { loadGamesOfResults } from './game-modules.js';
import { GameRecordsFile } from './game-records-file.js';
import { sameFile } from './files.js';
import { ResultsFile } from './results-file.js';
import { runExperiment } from './runner.js';
import { PlanError, runLab, type LabRunOutcome, type LabRunRequest } from './session.js';

export interface NodeLabRunRequest extends Omit<LabRunRequest, 'log' | 'resume'> {
  /** Append one JSON line per completed batch to this file (it must not hold results yet). */
  readonly out?: string;
  /** Continue the run saved in this file, appending to it. */
  readonly resume?: string;
  /** Write every game as a game record to this file (game-records-file.ts); when resuming, the file the run wrote. */
  readonly records?: string;
  /** The deals whose records to keep at the end, [0, n) (a sequential test: those it counted); default all played. */
  readonly recordedDeals?: (outcome: LabRunOutcome) => number | undefined;
}

export async function runLabOnNode(request: NodeLabRunRequest): Promise<LabRunOutcome> {
  if (request.out !== undefined && request.resume !== undefined && request.out !== request.resume) {
    throw new PlanError('--resume appends to the file it resumes; give --out only without --resume.');
  }
  // The game module a resumed file's records name must be known here before they are read.
  if (request.resume !== undefined) await loadGamesOfResults([request.resume]);
  const path = request.resume ?? request.out;
  if (request.records !== undefined && path !== undefined && sameFile(request.records, path)) throw new PlanError(`--records and the results file are both ${path}: give the game records a file of their own.`);
  const records = request.records === undefined ? undefined : GameRecordsFile.open(request.records, request.resume !== undefined);
  const file = path === undefined ? undefined : ResultsFile.open(path, request.resume === undefined ? 'new' : 'resume');
  try {
    const outcome = await runLab({ ...request, log: file, gameLog: records, resume: request.resume !== undefined }, runExperiment);
    records?.finish(outcome.plan.config, request.recordedDeals?.(outcome));
    return outcome;
  } finally {
    file?.close();
  }
}
