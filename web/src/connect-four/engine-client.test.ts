import { describe, expect, it } from 'vitest';
import { EARLY_ANALYSIS_ID, type EngineRequest, type EngineResponse } from './protocol.js';
import { EngineClient } from './engine-client.js';
import { warmEngineOf, type WarmEngine } from './engine-start.js';
import { StandInWorker as StandIn } from '../stand-in-worker.js';

/** Show solution's worker, stood in for. */
class StandInWorker extends StandIn<EngineRequest, EngineResponse> {
  /** Request `id`'s answer for one column. */
  column(id: number, column: number, text: string): void {
    this.say({ kind: 'column', id, column, text });
  }
}

const TEXTS = ['-2', '2', '-1', '-', '2', '2', '0'] as const;

/** A client whose first worker is a stand-in started as the app starts Show solution's (asked for `early`'s analysis if given), later ones fresh stand-ins. */
function clientWith(early: string | undefined): { client: EngineClient; workers: StandInWorker[] } {
  const workers = [new StandInWorker()];
  const engines: WarmEngine[] = [warmEngineOf(workers[0] as unknown as Worker, early)];
  let current: WarmEngine | null = null;
  const client = new EngineClient(
    () => {
      let engine = engines.shift();
      if (engine === undefined) {
        const worker = new StandInWorker();
        workers.push(worker);
        engine = warmEngineOf(worker as unknown as Worker);
      }
      current = engine;
      return engine.worker;
    },
    (moves) => current?.takeEarlyAnalysis(moves) ?? null,
  );
  return { client, workers };
}

describe('Show solution asked as the worker starts', () => {
  it('is asked of the worker at once, and the page takes over its answers instead of asking again', async () => {
    const { client, workers } = clientWith('4444422456');
    const worker = workers[0]!;
    expect(worker.sent).toEqual([{ kind: 'analyze', id: EARLY_ANALYSIS_ID, moves: '4444422456' }]);
    // Answers before the page is there are kept; the rest arrive after it has taken over.
    worker.column(EARLY_ANALYSIS_ID, 0, TEXTS[0]);
    worker.column(EARLY_ANALYSIS_ID, 1, TEXTS[1]);
    const shown: [number, string][] = [];
    const answer = client.analyze('4444422456', (column, text) => shown.push([column, text]));
    expect(shown).toEqual([
      [0, '-2'],
      [1, '2'],
    ]);
    for (let column = 2; column < 7; column++) worker.column(EARLY_ANALYSIS_ID, column, TEXTS[column]!);
    worker.say({ kind: 'analysis', id: EARLY_ANALYSIS_ID, texts: TEXTS });
    expect(await answer).toEqual({ texts: TEXTS });
    expect(shown.map(([column]) => column)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(worker.sent).toHaveLength(1);
    expect(worker.terminated).toBe(false);
  });

  it('answers at once when the early analysis has finished', async () => {
    const { client, workers } = clientWith('444444');
    workers[0]!.say({ kind: 'analysis', id: EARLY_ANALYSIS_ID, texts: TEXTS });
    expect(await client.analyze('444444', () => undefined)).toEqual({ texts: TEXTS });
    expect(workers[0]!.sent).toHaveLength(1);
  });

  it('ends a worker still busy with another position and asks a new one', async () => {
    const { client, workers } = clientWith('56576416');
    const answer = client.analyze('5657641', () => undefined);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.sent).toEqual([{ kind: 'analyze', id: 1, moves: '5657641' }]);
    workers[1]!.say({ kind: 'analysis', id: 1, texts: TEXTS });
    expect(await answer).toEqual({ texts: TEXTS });
  });

  it('asks the same worker once its early analysis of another position has finished (an address the page corrected)', async () => {
    const { client, workers } = clientWith('4444444');
    workers[0]!.say({ kind: 'error', id: EARLY_ANALYSIS_ID, message: 'column 4 is full' });
    const answer = client.analyze('', () => undefined);
    expect(workers[0]!.terminated).toBe(false);
    expect(workers[0]!.sent.at(-1)).toEqual({ kind: 'analyze', id: 1, moves: '' });
    workers[0]!.say({ kind: 'analysis', id: 1, texts: TEXTS });
    expect(await answer).toEqual({ texts: TEXTS });
  });

  it('is not asked without Show solution in the address, and a worker so started has none to give', async () => {
    const { client, workers } = clientWith(undefined);
    const answer = client.analyze('123', () => undefined);
    expect(workers[0]!.sent).toEqual([{ kind: 'analyze', id: 1, moves: '123' }]);
    workers[0]!.say({ kind: 'analysis', id: 1, texts: TEXTS });
    expect(await answer).toEqual({ texts: TEXTS });
  });
});
