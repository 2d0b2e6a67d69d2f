/**
 * `runLabOnNode`: a lab run on Node — worker threads and a results file on disk. It only wires the
 * Node pieces (runner.ts's thread pool, results-file.ts's locked file) into `runLab` (session.ts),
 * which plans and plays the run; the CLI and library users on Node call this.
 */
import { loadGamesOfResults } from './game-modules.js';
import { ResultsFile } from './results-file.js';
import { runExperiment } from './runner.js';
import { PlanError, runLab, type LabRunOutcome, type LabRunRequest } from './session.js';

export interface NodeLabRunRequest extends Omit<LabRunRequest, 'log' | 'resume'> {
  /** Append one JSON line per completed batch to this file (it must not hold results yet). */
  readonly out?: string;
  /** Continue the run saved in this file, appending to it. */
  readonly resume?: string;
}

export async function runLabOnNode(request: NodeLabRunRequest): Promise<LabRunOutcome> {
  if (request.out !== undefined && request.resume !== undefined && request.out !== request.resume) {
    throw new PlanError('--resume appends to the file it resumes; give --out only without --resume.');
  }
  // The game module a resumed file's records name must be known here before they are read.
  if (request.resume !== undefined) await loadGamesOfResults([request.resume]);
  const path = request.resume ?? request.out;
  const file = path === undefined ? undefined : ResultsFile.open(path, request.resume === undefined ? 'new' : 'resume');
  try {
    return await runLab({ ...request, log: file, resume: request.resume !== undefined }, runExperiment);
  } finally {
    file?.close();
  }
}
