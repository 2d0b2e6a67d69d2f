import { describe, expect, it } from 'vitest';
import type { Rating } from '../../../src/games/uno-war/coach.js';
import type { UnoWarObservation } from '../../../src/games/uno-war/engine.js';
import type { CoachRequest, CoachResponse } from './coach-protocol.js';
import { UnoCoachClient, type CoachJob } from './coach-client.js';
import { StandInWorker as StandIn } from '../stand-in-worker.js';

/** The coach's worker, stood in for. */
class StandInWorker extends StandIn<CoachRequest, CoachResponse> {
  /** Answers the last request sent with a rating of its card. */
  answer(): void {
    const request = this.sent[this.sent.length - 1]!;
    this.say({ kind: 'rated', id: request.id, rating: { chosen: request.card } as Rating, elapsedMs: 1 });
  }
}

const job = (key: string, card: number): CoachJob => ({ key, observation: {} as UnoWarObservation, card, opponent: 'smallest', seed: 1 });
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('the UnoWar coach client', () => {
  it('rates one card at a time, most urgent first; a rating no longer wanted is cancelled and the next one starts', async () => {
    const workers: StandInWorker[] = [];
    const rated: string[] = [];
    const client = new UnoCoachClient({ rated: (key) => rated.push(key), failed: () => undefined }, () => {
      workers.push(new StandInWorker());
      return workers[workers.length - 1]! as unknown as Worker;
    });
    client.want([job('played', 7), job('next-a', 1), job('next-b', 2)]);
    expect(workers[0]!.sent.map((r) => r.card)).toEqual([7]);
    expect(client.running).toBe('played');
    workers[0]!.answer();
    await settle();
    expect(rated).toEqual(['played']);
    expect(workers[0]!.sent.map((r) => r.card)).toEqual([7, 1]);
    // The person played elsewhere: 'next-a' is no longer wanted, so its computation is stopped.
    client.want([job('other', 9)]);
    await settle();
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.sent.map((r) => r.card)).toEqual([9]);
    // Wanting again what is being computed neither restarts nor repeats it.
    client.want([job('other', 9)]);
    await settle();
    expect(workers[1]!.sent).toHaveLength(1);
    workers[1]!.answer();
    await settle();
    expect(rated).toEqual(['played', 'other']);
    expect(client.running).toBeNull();
    client.dispose();
  });
});
