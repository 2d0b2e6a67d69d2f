/**
 * Your own players on the lab's path (BatchPlayer, as each worker thread plays a batch): a built-in
 * strategy, the same logic as a user module on the game contract (act(state, rng): the examples'
 * basic-agent.mjs and smallest-agent.mjs), and the same logic as the assignment's class in a module
 * (ConnectFwar's `Player.nextMove`, UnoWar's `AI.getPlay`). Each row locks the builtins and loads
 * its module the way a worker does, and module rows report the game under way as a worker does for
 * the time limit.
 */
import { writeWholeFile } from '../lab/files.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameDefinition, GameState } from '../core/game.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { unoWarGame } from '../games/uno-war/definition.js';
import { BatchPlayer } from '../lab/experiment.js';
import { lockIntrinsics } from '../lab/intrinsics.js';
import { loadUserAgents, resolvePlayer } from '../lab/user-players.js';
import { PROGRESS_SLOTS } from '../lab/user-agents.js';
import type { Benchmark } from './harness.js';

const game = connectFwarGame as unknown as GameDefinition<GameState>;
const unoWar = unoWarGame as unknown as GameDefinition<GameState>;

/** BasicPlayer as the assignment writes it, in a module of its own. */
const FIRST_FIT_PLAYER = `export const name = 'first-fit';
export default class FirstFit {
  nextMove(card, board) {
    for (let col = 0; col < 4; col++) if (board.canPlay(card, col)) return col;
    return -1;
  }
}
`;

/** SmallestCardAI as the assignment writes it (a subclass would do the same), in a module of its own. */
const SMALLEST_AI = `export const name = 'smallest-ai';
export default class SmallestAI {
  getPlay(hand, cardPile) {
    let best = null;
    for (let i = 0; i < hand.getSize(); i++) {
      const card = hand.get(i);
      if (cardPile.canPlay(card) && (best === null || card.getRankNum() < best.getRankNum())) best = card;
    }
    return best;
  }
}
`;

/**
 * The built-in `smallest`'s own code (`chooseSlot` in src/games/uno-war/agents.ts: bit tricks, no
 * data-dependent branches) as a module agent, ranks as card % 13. Against the built-in it measures
 * only what the lab adds to ask a module (the call out of the engine's loop with the state written
 * back exact, the answer's check, the move's number for the time limit); the readable
 * smallest-agent.mjs row adds the cost of its own way of choosing (the lowest of five keys, one
 * call per slot).
 */
const SMALLEST_AS_BUILT_IN = `export const name = 'smallest-as-built-in';
export default {
  act(state) {
    const base = state.toMove * 5;
    const h = state.hands;
    const mask = state.playable;
    const r0 = h[base] % 13, r1 = h[base + 1] % 13, r2 = h[base + 2] % 13, r3 = h[base + 3] % 13, r4 = h[base + 4] % 13;
    // Bit r set for each rank r held in a playable slot; the lowest set bit is the wanted rank.
    const ranks = ((mask & 1) << r0) | (((mask >> 1) & 1) << r1) | (((mask >> 2) & 1) << r2) | (((mask >> 3) & 1) << r3) | (((mask >> 4) & 1) << r4);
    const rank = 31 - Math.clz32(ranks & -ranks);
    // The playable slots of that rank; the earliest wins.
    const slots = mask & (+(r0 === rank) | (+(r1 === rank) << 1) | (+(r2 === rank) << 2) | (+(r3 === rank) << 3) | (+(r4 === rank) << 4));
    return 31 - Math.clz32(slots & -slots);
  },
};
`;

function moduleFile(name: string, text: string): string {
  const path = join(tmpdir(), `tabletop-bench-${name}-${String(process.pid)}.mjs`);
  writeWholeFile(path, text, 'the benchmark module');
  return path;
}

function labBenchmark(name: string, player: () => Promise<string>, of: GameDefinition<GameState> = game, opponent?: string): Benchmark {
  let batch: BatchPlayer | undefined;
  let next = 0;
  // What a worker does for the time limit when a lineup holds a module.
  let progress: Int32Array | undefined;
  return {
    engine: `lab ${of.title}`,
    name,
    unit: 'games',
    async prepare() {
      // As a lab worker does before it plays: the builtins locked against modules (intrinsics.ts).
      lockIntrinsics();
      const id = await player();
      progress = id.includes('@') ? new Int32Array(new SharedArrayBuffer(4 * PROGRESS_SLOTS)) : undefined;
      const config = { game: of.id, lineups: [opponent === undefined ? [id] : [id, opponent]], seed: 2024, paired: false };
      // As a worker does: the module imported in this thread (resolvePlayer only probes it in a thread of its own).
      await loadUserAgents(config);
      batch = new BatchPlayer(config);
    },
    run(count: number): number {
      const tally = batch!.play(next, next + count, progress);
      next += count;
      return tally.lineups[0]!.seats[0]!.sum;
    },
  };
}

/**
 * A built-in strategy and the module players whose logic equals it: `npm run bench` measures each
 * group in CPU time, alternating fresh processes (steady.ts), and reports each module's share of the
 * built-in's games per second.
 */
export interface LabComparison {
  readonly builtIn: Benchmark;
  readonly modules: readonly Benchmark[];
}

export const labComparisons: readonly LabComparison[] = [
  {
    builtIn: labBenchmark('basic (built-in)', () => Promise.resolve('basic')),
    modules: [
      labBenchmark('basic-agent.mjs (module, act)', () => resolvePlayer(game, new URL('../../examples/connect-fwar/basic-agent.mjs', import.meta.url))),
      labBenchmark('first-fit (module, Player.nextMove)', () => resolvePlayer(game, moduleFile('first-fit', FIRST_FIT_PLAYER))),
    ],
  },
  {
    builtIn: labBenchmark('smallest vs biggest (built-in)', () => Promise.resolve('smallest'), unoWar, 'biggest'),
    modules: [
      labBenchmark('smallest-agent.mjs vs biggest (module, act)', () => resolvePlayer(unoWar, new URL('../../examples/uno-war/smallest-agent.mjs', import.meta.url)), unoWar, 'biggest'),
      labBenchmark('smallest-as-built-in vs biggest (module, act)', () => resolvePlayer(unoWar, moduleFile('smallest-as-built-in', SMALLEST_AS_BUILT_IN)), unoWar, 'biggest'),
      labBenchmark('smallest-ai vs biggest (module, AI.getPlay)', () => resolvePlayer(unoWar, moduleFile('smallest-ai', SMALLEST_AI)), unoWar, 'biggest'),
    ],
  },
];

export const userPlayerBenchmarks: Benchmark[] = labComparisons.flatMap(({ builtIn, modules }) => [builtIn, ...modules]);
