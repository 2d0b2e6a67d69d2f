/**
 * The lab's planning and the core of running a job must run in a browser: `session.ts`, `job-core.ts`, `experiment-job.ts` and everything they import at run time
 * (type-only imports vanish in the build) use no Node module and no thread pool. Checked on the
 * built JavaScript (build first), following every relative import.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST_LAB = fileURLToPath(new URL('../../dist/lab/', import.meta.url));

/** Every module reached from `entry` through static imports and re-exports, with what each imports from outside. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm), ...source.matchAll(/^\s*import\s+'([^']+)'/gm)].map((m) => m[1]!);
    graph.set(file, specifiers.filter((s) => !s.startsWith('.')));
    for (const s of specifiers) if (s.startsWith('.')) pending.push(resolve(dirname(file), s));
  }
  return graph;
}

/** What the modules reached from `entry` (dist/lab/…) import from Node or a thread pool: none, for code the browser runs. */
function nodeImports(entry: string): { readonly modules: number; readonly nodeOnly: string[] } {
  const graph = importGraph(resolve(DIST_LAB, entry));
  const outside = [...graph.entries()].flatMap(([file, specifiers]) => specifiers.map((s) => `${file.slice(DIST_LAB.length - 4)} → ${s}`));
  return { modules: graph.size, nodeOnly: outside.filter((line) => /→ (node:|piscina|fs$|path$|os$|worker_threads$|child_process$)/.test(line)) };
}

describe('the lab planning (session.js) in a browser', () => {
  it.runIf(existsSync(DIST_LAB))('imports no Node module and no thread pool, however deep', () => {
    const { modules, nodeOnly } = nodeImports('session.js');
    expect(modules).toBeGreaterThan(5);
    expect(nodeOnly).toEqual([]);
  });
});

describe('the core of running a job (job-core.js), and an experiment on it (experiment-job.js), in a browser', () => {
  it.runIf(existsSync(DIST_LAB))('imports no Node module and no thread pool, however deep', () => {
    for (const entry of ['job-core.js', 'experiment-job.js']) {
      const { modules, nodeOnly } = nodeImports(entry);
      expect(modules).toBeGreaterThan(2);
      expect(nodeOnly, entry).toEqual([]);
    }
  });
});
