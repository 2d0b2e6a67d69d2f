/**
 * Players over the batched line protocol (docs/player-protocol.md), beside the built-in they
 * reimplement: ConnectFwar's `basic` on the lab's own path, and the same player as a Java class
 * (`java:`, through the harness), as a JavaScript program and as a Python program (`exec:`), each
 * on one thread with its program started once, playing ranges of games as a worker does.
 *
 * Decisions per second of wall time, and per CPU-second: of this process (the lab: the games, the
 * observations, the answers read), of the program (its process tree, read from /proc), and of both
 * together — the rate one core would reach running both in turn, which a machine shared with other
 * work does not change as it changes wall time.
 */
import { fileURLToPath } from 'node:url';
import { playOut, type GameDefinition, type GameState } from '../core/game.js';
import { rngFromSeed } from '../core/random.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { BatchPlayer, type ExperimentConfig } from '../lab/experiment.js';
import { LockstepPlayer, PROGRAM_RANGE, type PlayerProgram } from '../lab/external-players.js';
import { processTreeCpuSeconds } from './process-cpu.js';
import { resolvePlayer } from '../lab/user-players.js';

const game = connectFwarGame as unknown as GameDefinition<GameState>;
const example = (path: string): string => fileURLToPath(new URL(`../../examples/${path}`, import.meta.url));

export interface ProtocolRow {
  readonly name: string;
  readonly games: number;
  readonly decisions: number;
  /** Wall-clock seconds. */
  readonly seconds: number;
  /** CPU seconds of this process. */
  readonly labCpuSeconds: number;
  /** CPU seconds of the program's processes; undefined for the built-in, or where they cannot be read. */
  readonly programCpuSeconds: number | undefined;
  /** CPU seconds of the lab and its program together (the lab alone for the built-in); undefined where the program's cannot be read. */
  readonly cpuSeconds: number | undefined;
}

/** How many decisions `games` games of the built-in basic make (each drawn card is one), counted outside the timing. */
function basicDecisions(games: number): number {
  const basic = game.agents.basic!.create();
  let decisions = 0;
  const counting = { name: 'basic', act: (state: GameState, rng: ReturnType<typeof rngFromSeed>) => (decisions++, basic.act(state, rng)) };
  const state = game.newInitialState();
  for (let i = 0; i < games; i++) {
    state.reset();
    playOut(state, [counting], rngFromSeed(i));
  }
  return decisions;
}

const labCpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * Plays ranges of `range` games until `seconds` have passed (after one range of warm-up) and
 * returns the games, decisions, wall and CPU time; `programCpu` reads the program's CPU seconds.
 */
async function timed(play: (start: number, end: number) => Promise<number> | number, range: number, seconds: number, programCpu?: () => number | undefined): Promise<Omit<ProtocolRow, 'name'>> {
  await play(0, range);
  let next = range;
  let decisions = 0;
  const programBefore = programCpu?.();
  const labBefore = labCpuNow();
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    decisions += await play(next, next + range);
    next += range;
  }
  const wall = (performance.now() - started) / 1000;
  const labCpuSeconds = labCpuNow() - labBefore;
  const programAfter = programCpu?.();
  const programCpuSeconds = programBefore === undefined || programAfter === undefined ? undefined : programAfter - programBefore;
  const cpuSeconds = programCpu === undefined ? labCpuSeconds : programCpuSeconds === undefined ? undefined : labCpuSeconds + programCpuSeconds;
  return { games: next - range, decisions, seconds: wall, labCpuSeconds, programCpuSeconds, cpuSeconds };
}

export async function protocolBenchmarks(seconds = 3): Promise<ProtocolRow[]> {
  const rows: ProtocolRow[] = [];
  const config = (id: string): ExperimentConfig => ({ game: game.id, lineups: [[id]], seed: 2024, paired: false });
  const builtIn = new BatchPlayer(config('basic'));
  const perGame = basicDecisions(10_000) / 10_000;
  const measured = await timed((start, end) => (builtIn.play(start, end), (end - start) * perGame), 20_000, seconds);
  rows.push({ name: 'basic (built-in, the lab path)', ...measured });
  const programs: [string, string][] = [
    ['BasicPlayer.java (java:, one JVM)', `java:${example('connect-fwar/java/BasicPlayer.java')}`],
    ['first-fit-program.mjs (exec:node)', `exec:node ${example('connect-fwar/first-fit-program.mjs')}`],
    ['first_fit.py (exec:python3)', `exec:python3 ${example('connect-fwar/first_fit.py')}`],
  ];
  for (const [name, spec] of programs) {
    const started = new Map<string, PlayerProgram>();
    const player = new LockstepPlayer(config(await resolvePlayer(game, spec)), 60_000, started);
    const play = async (start: number, end: number): Promise<number> => {
      const before = player.decisionsAnswered;
      await player.play(start, end);
      return player.decisionsAnswered - before;
    };
    // The program's CPU time, as long as the one started first still runs (a restarted one would not add up).
    let pid: number | undefined;
    const programCpu = (): number | undefined => {
      const now = [...started.values()][0]?.pid;
      if (pid !== undefined && now !== pid) return undefined;
      pid = now;
      return pid === undefined ? undefined : processTreeCpuSeconds(pid);
    };
    rows.push({ name, ...(await timed(play, PROGRAM_RANGE, seconds, programCpu)) });
    await player.close();
  }
  return rows;
}
