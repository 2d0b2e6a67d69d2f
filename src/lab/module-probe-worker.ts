/**
 * Worker-thread entry of `probeModule` (module-probe.ts): imports one player module, reads its
 * label and runs the requested check over its exports, and says how it went.
 */
import { Console } from 'node:console';
import { parentPort, workerData } from 'node:worker_threads';
import { thrownText } from '../core/format.js';
import { lockIntrinsics } from './intrinsics.js';
import type { ModuleCheck, ProbeReply } from './module-probe.js';

if (parentPort !== null) {
  const port = parentPort;
  const { module, check } = workerData as { module: string; check: ModuleCheck };
  // A module's console output is not the command's: to stderr.
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  // As where the module will play (the lab's workers): a module that changes a builtin fails here, clearly.
  lockIntrinsics();
  let reply: ProbeReply;
  let exports: Record<string, unknown> | undefined;
  try {
    exports = (await import(module)) as Record<string, unknown>;
  } catch (error) {
    reply = { ok: false, stage: 'import', message: thrownText(error) };
  }
  if (exports !== undefined) {
    const named = exports.name;
    const label = typeof named === 'string' ? named.trim() : '';
    try {
      const checker = (await import(check.url)) as Record<string, (exports: Record<string, unknown>, label: string, arg: unknown) => unknown>;
      // The check's message is a whole phrase about the module ("exports nothing usable: …").
      const data = checker[check.exportName]!(exports, label, check.arg);
      reply = { ok: true, label, data };
    } catch (error) {
      reply = { ok: false, stage: 'check', message: thrownText(error, false) };
    }
  }
  port.postMessage(reply!);
}
