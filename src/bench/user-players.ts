/**
 * Your own players on the lab's path (BatchPlayer, as each worker thread plays a batch): the
 * built-in `basic`, the same logic as a user module on the game contract (act(state, rng):
 * examples/connect-fwar/basic-agent.mjs), and the same logic as the assignment's `Player` class
 * (nextMove(card, board)) in a module. Each row loads its module the way a worker does.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameDefinition, GameState } from '../core/game.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { BatchPlayer } from '../lab/experiment.js';
import { resolvePlayer } from '../lab/user-players.js';
import type { Benchmark } from './harness.js';

const game = connectFwarGame as unknown as GameDefinition<GameState>;

/** BasicPlayer as the assignment writes it, in a module of its own. */
const FIRST_FIT_PLAYER = `export const name = 'first-fit';
export default class FirstFit {
  nextMove(card, board) {
    for (let col = 0; col < 4; col++) if (board.canPlay(card, col)) return col;
    return -1;
  }
}
`;

function labBenchmark(name: string, player: () => Promise<string>): Benchmark {
  let batch: BatchPlayer | undefined;
  let next = 0;
  return {
    engine: 'lab ConnectFwar',
    name,
    unit: 'games',
    async prepare() {
      batch = new BatchPlayer({ game: game.id, lineups: [[await player()]], seed: 2024, paired: false });
    },
    run(count: number): number {
      const tally = batch!.play(next, next + count);
      next += count;
      return tally.lineups[0]!.seats[0]!.sum;
    },
  };
}

export const userPlayerBenchmarks: Benchmark[] = [
  labBenchmark('basic (built-in)', () => Promise.resolve('basic')),
  labBenchmark('basic-agent.mjs (module, act)', () => resolvePlayer(game, new URL('../../examples/connect-fwar/basic-agent.mjs', import.meta.url))),
  labBenchmark('first-fit (module, Player.nextMove)', () => {
    const path = join(tmpdir(), `tabletop-bench-first-fit-${String(process.pid)}.mjs`);
    writeFileSync(path, FIRST_FIT_PLAYER);
    return resolvePlayer(game, path);
  }),
];
