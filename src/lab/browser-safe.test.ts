/**
 * The lab's planning must run in a browser: `session.ts` and everything it imports at run time
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

describe('the lab planning (session.js) in a browser', () => {
  it.runIf(existsSync(DIST_LAB))('imports no Node module and no thread pool, however deep', () => {
    const graph = importGraph(resolve(DIST_LAB, 'session.js'));
    expect(graph.size).toBeGreaterThan(5);
    const outside = [...graph.entries()].flatMap(([file, specifiers]) => specifiers.map((s) => `${file.slice(DIST_LAB.length - 4)} → ${s}`));
    expect(outside.filter((line) => /→ (node:|piscina|fs$|path$|os$|worker_threads$|child_process$)/.test(line))).toEqual([]);
  });
});
