import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkerPool } from './worker-pool.js';

const fixture = fileURLToPath(new URL('./test-fixtures/slow-loading-worker.mjs', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('startWorkerPool', () => {
  it('closed at once, still lets every thread finish loading its module before terminating it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'worker-pool-'));
    dirs.push(dir);
    const marker = join(dir, 'loaded.txt');
    const { close } = startWorkerPool<number, number>({ filename: fixture, threads: 2, workerData: { marker } });
    await close();
    // piscina's destroy() alone terminates a thread mid-load, and the marker would miss its line.
    expect(readFileSync(marker, 'utf8')).toBe('loaded\nloaded\n');
  });

  it('runs tasks on its threads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'worker-pool-'));
    dirs.push(dir);
    const { pool, close } = startWorkerPool<number, number>({ filename: fixture, threads: 2, workerData: { marker: join(dir, 'm') } });
    expect(await Promise.all([1, 2, 3].map((n) => pool.run(n)))).toEqual([1, 2, 3]);
    await close();
  });
});
