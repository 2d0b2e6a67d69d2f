/**
 * Players over the batched line protocol (docs/player-protocol.md), beside the built-in they
 * reimplement: ConnectFwar's `basic` on the lab's own path, and the same player as a Java class
 * (`java:`, through the harness), as a JavaScript program and as a Python program (`exec:`), each
 * on one thread with its program started once. Decisions per second in wall-clock time, since the
 * program's work is done in a process of its own (CPU time of this one would leave it out).
 */
import { fileURLToPath } from 'node:url';
import { playOut, type GameDefinition, type GameState } from '../core/game.js';
import { rngFromSeed } from '../core/random.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { BatchPlayer, type ExperimentConfig } from '../lab/experiment.js';
import { LockstepPlayer } from '../lab/external-players.js';
import { resolvePlayer } from '../lab/user-players.js';

const game = connectFwarGame as unknown as GameDefinition<GameState>;
const example = (path: string): string => fileURLToPath(new URL(`../../examples/${path}`, import.meta.url));

export interface ProtocolRow {
  readonly name: string;
  readonly games: number;
  readonly decisions: number;
  readonly seconds: number;
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

/** Plays rounds of `chunk` games until `seconds` have passed (after one round of warm-up); returns games, decisions and the time. */
async function timed(play: (start: number, end: number) => Promise<number> | number, chunk: number, seconds: number): Promise<Omit<ProtocolRow, 'name'>> {
  await play(0, chunk);
  let next = chunk;
  let decisions = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    decisions += await play(next, next + chunk);
    next += chunk;
  }
  return { games: next - chunk, decisions, seconds: (performance.now() - started) / 1000 };
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
    const player = new LockstepPlayer(config(await resolvePlayer(game, spec)), 60_000);
    const play = async (start: number, end: number): Promise<number> => {
      const before = player.decisionsAnswered;
      await player.play(start, end);
      return player.decisionsAnswered - before;
    };
    rows.push({ name, ...(await timed(play, 2048, seconds)) });
    await player.close();
  }
  return rows;
}
