/**
 * A small benchmark harness: each benchmark runs whole units of work (games, positions) until a
 * time budget is spent, after a warm-up so the JIT has settled; the rate is units per second.
 * Benchmarks print figures; no test asserts on time.
 */
import { playOut, type GameDefinition, type GameState } from '../core/game.js';
import { rngFromSeed } from '../core/random.js';
export interface Benchmark {
  /** Engine / game, e.g. `ConnectFwar`. */
  readonly engine: string;
  /** What is measured, e.g. `BasicPlayer`. */
  readonly name: string;
  /** Unit of work, e.g. `games`, `positions`. */
  readonly unit: string;
  /** Set-up before measuring (loading a player module, say). */
  prepare?(): Promise<void>;
  /** Does `count` units of work and returns a checksum (so the work cannot be optimised away). */
  run(count: number): number;
}

export interface Measurement {
  readonly benchmark: Benchmark;
  readonly units: number;
  readonly seconds: number;
  readonly rate: number;
  readonly checksum: number;
}

export function measure(benchmark: Benchmark, seconds = 2, warmupSeconds = 0.5): Measurement {
  let batch = 1;
  // Warm up and size a batch that takes ~50 ms.
  const warmupEnd = performance.now() + warmupSeconds * 1000;
  while (performance.now() < warmupEnd) {
    const t = performance.now();
    benchmark.run(batch);
    if (performance.now() - t < 50) batch *= 2;
  }
  let units = 0;
  let checksum = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    checksum += benchmark.run(batch);
    units += batch;
  }
  const elapsed = (performance.now() - start) / 1000;
  return { benchmark, units, seconds: elapsed, rate: units / elapsed, checksum };
}

export function formatTable(rows: readonly Measurement[]): string {
  const header = ['engine', 'benchmark', 'rate', 'unit/s', 'units', 'seconds'];
  const body = rows.map((m) => [
    m.benchmark.engine,
    m.benchmark.name,
    Math.round(m.rate).toLocaleString('en-US'),
    `${m.benchmark.unit}/s`,
    m.units.toLocaleString('en-US'),
    m.seconds.toFixed(2),
  ]);
  return formatColumns(header, body, [2, 4, 5]);
}

/** A plain text table under a dashed rule; the columns listed in `right` are right-aligned. */
export function formatColumns(header: readonly string[], body: readonly (readonly string[])[], right: readonly number[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (right.includes(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/**
 * Whole games per second through the path the lab takes: the game's specialised `playOut` when it
 * has one, the generic one otherwise; one reused state, one seeded stream. The checksum is the sum
 * of player 0's returns.
 */
export function playoutBenchmark<S extends GameState>(engine: string, name: string, game: GameDefinition<S>, agentIds: readonly string[]): Benchmark {
  const state = game.newInitialState();
  const agents = agentIds.map((id) => {
    const factory = game.agents[id];
    if (factory === undefined) throw new RangeError(`${game.id} has no agent '${id}'`);
    return factory.create();
  });
  const play = game.playOut ?? playOut;
  const rng = rngFromSeed(2024);
  return unitByUnit(engine, name, 'games', () => {
    state.reset();
    play(state, agents, rng);
    return state.returns(0);
  });
}

/**
 * A benchmark whose unit of work is one call of `unit` (a game, a play + undo), which returns its
 * share of the checksum; `index` counts the calls of one run from 0.
 */
export function unitByUnit(engine: string, name: string, unitName: string, unit: (index: number) => number): Benchmark {
  return {
    engine,
    name,
    unit: unitName,
    run(count: number): number {
      let checksum = 0;
      for (let i = 0; i < count; i++) checksum += unit(i);
      return checksum;
    },
  };
}
