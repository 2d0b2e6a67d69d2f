/**
 * A player module is first imported and checked in a worker thread of its own, never in the
 * calling thread: whatever its import does — `process.exit`, a top-level await that never settles,
 * a loop, allocating without end, printing — ends or stops only that thread, under a time and a
 * memory limit, and comes back as one clear error naming the module (the CLI exits 2). Node only.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { formatDuration, printable, thrownText } from '../core/format.js';

/** Longest a player module's import and check may take. */
export const IMPORT_TIME_LIMIT_MS = 10_000;

/**
 * The default memory limit of a worker thread that runs player modules, in MB: far above what the
 * lab's games need (a few tens of MB), well below what would starve the machine when every core
 * runs one.
 */
export const DEFAULT_MEMORY_LIMIT_MB = 1024;

/**
 * The compiled script `url` names (a .js next to this module in the build). Run from the TypeScript
 * sources (the test runner), the built copy under dist/ is taken, since a worker cannot start from
 * a .ts file: the build must then be current.
 */
export function builtScript(url: URL): string {
  const sibling = fileURLToPath(url);
  if (existsSync(sibling)) return sibling;
  const built = sibling.replace(/([\\/])src([\\/])(?!.*[\\/]src[\\/])/, '$1dist$2');
  if (!existsSync(built)) throw new Error(`${built} is not built: run \`npm run build\` first.`);
  return built;
}

/** Which check a module's exports must pass: export `exportName` of the module at `url`, called as (exports, label, arg). */
export interface ModuleCheck {
  readonly url: string;
  readonly exportName: string;
  readonly arg?: unknown;
}

/** How a probe went; a failure says at which stage: importing the module, or checking its exports. */
export type ProbeReply = { readonly ok: true; readonly label: string; readonly data?: unknown } | { readonly ok: false; readonly stage: 'import' | 'check'; readonly message: string };

/**
 * Why a probe failed. The message names no module (the caller puts it in its own words): at the
 * 'import' stage what stopped the import ("SyntaxError: …", "it never finished …"), at the 'check'
 * stage the check's phrase about the module ("exports nothing usable: …").
 */
export class ProbeFailure extends Error {
  override readonly name = 'ProbeFailure';
  constructor(
    readonly stage: 'import' | 'check',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Imports the module at `path` in a worker thread, finds its label (its `name` export if a
 * non-empty string, else undefined) and runs `check` over its exports there. Resolves to the
 * label; rejects with a ProbeFailure saying what went wrong.
 */
export async function probeModule(path: string, check: ModuleCheck, limits: ProbeLimits = {}): Promise<string | undefined> {
  return (await probeModuleData(path, check, limits)).label;
}

export interface ProbeLimits {
  readonly timeMs?: number;
  readonly memoryMb?: number;
}

/** As `probeModule`, also resolving to what the check returned (structured-cloned out of the probe's thread). */
export function probeModuleData(path: string, check: ModuleCheck, limits: ProbeLimits = {}): Promise<{ readonly label: string | undefined; readonly data: unknown }> {
  const timeMs = limits.timeMs ?? IMPORT_TIME_LIMIT_MS;
  const memoryMb = limits.memoryMb ?? DEFAULT_MEMORY_LIMIT_MB;
  return new Promise((resolve, reject) => {
    const worker = new Worker(builtScript(new URL('./module-probe-worker.js', import.meta.url)), {
      workerData: { module: pathToFileURL(path).href, check },
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
      // The module's output is not the command's: stderr, never stdout.
      stdout: true,
      execArgv: process.execArgv.filter((arg) => !arg.startsWith('--input-type')),
    });
    worker.stdout.pipe(process.stderr);
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      settle(() => {
        reject(new ProbeFailure('import', `its import did not finish within ${formatDuration(timeMs)} (a loop, or a top-level await that waits too long)`));
      });
    }, timeMs);
    worker.on('message', (reply: ProbeReply) => {
      settle(() => {
        if (reply.ok) resolve({ label: reply.label === '' ? undefined : reply.label, data: reply.data });
        else reject(new ProbeFailure(reply.stage, printable(reply.message)));
      });
    });
    worker.on('error', (error: Error) => {
      settle(() => {
        const oom = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        reject(new ProbeFailure('import', oom ? `its import ran out of memory (the limit is ${String(memoryMb)} MB)` : printable(`its import failed: ${thrownText(error)}`)));
      });
    });
    worker.on('exit', (code) => {
      settle(() => {
        // 13: Node's status for a top-level await that can never settle (nothing left to wait for).
        reject(new ProbeFailure('import', code === 13 ? 'its import never finished (a top-level await that never settles)' : `its import ended its thread (process.exit, code ${String(code)})`));
      });
    });
  });
}
