/**
 * Players that are programs of their own, in any language, speaking the line protocol of
 * docs/player-protocol.md on their stdin/stdout, batched:
 *
 *   lab → program   `game <game id>`                  once, first; no answer
 *                   `batch <K>` and K observation lines  the program answers K lines, one move per
 *                                                     observation, in order
 *   end:            stdin is closed; the program should exit (its process group is killed after a grace)
 *
 * The K observations of a batch come from K different games (the lab plays many games of a batch
 * side by side, `LockstepPlayer`), so one long-lived program answers many decisions per message and
 * a pipe's round trip is paid once per batch, not per move. What a line holds is each game's own
 * (games/<game>/protocol.ts): never more than the game lets the player to move see.
 *
 * Faults are results, as for player modules: an answer the game cannot read is a fault of that
 * game (the game's fault action is played) and the program goes on; a batch not answered within the
 * move time limit, a line longer than MAX_LINE_LENGTH, the program exiting or crashing fail every
 * game of that batch — the fault action is played and the program plays no more in those games —
 * and the program is killed and started again for the next batch, so the lab keeps going.
 *
 * Node only (it starts processes, through programs.ts: the one place they are started).
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { basename, extname } from 'node:path';
import { printable } from '../core/format.js';
import { CHANCE, TERMINAL, type Agent, type GameDefinition, type GameState } from '../core/game.js';
import type { LineProtocol } from '../core/line-protocol.js';
import { describeOverlong, isOverlong, LineSplitter, MAX_LINE_LENGTH, type OverlongLine } from '../core/lines.js';
import { rngFromSeed, deriveSeed, type Rng } from '../core/random.js';
import {
  addFaults,
  addSeatReturn,
  emptyTally,
  gameSeed,
  openingOf,
  openingSuite,
  scoreBins,
  validateConfig,
  type ExperimentConfig,
  type PlayedGame,
  type Tally,
  addPairedDifferences,
} from './experiment.js';
import { killGroup, PIPE_DRAIN_MS, startProgram, untrackGroup } from './programs.js';
import { GAMES } from './registry.js';
import { externalCommandOf, Forfeit } from './user-agents.js';

/** How a player argument names a program: `exec:<command>` or `<name>=exec:<command>`. */
const EXEC_SPEC = /^(?:([^=@,]+)=)?exec:(.+)$/s;

/** The line protocol of a game (its definition's `lineProtocol`); undefined for a game programs cannot play yet. */
export function lineProtocol(game: { readonly lineProtocol?: LineProtocol<never> }): LineProtocol | undefined {
  return game.lineProtocol as LineProtocol | undefined;
}

/** The built-in games programs can play, for the error that names them. */
const gamesWithPrograms = (): string[] => Object.values(GAMES).flatMap((game) => (game.lineProtocol === undefined ? [] : [game.id]));

/** Whether a player argument names a program: `exec:<command>` or `<name>=exec:<command>`. */
export const isExecSpec = (spec: string): boolean => EXEC_SPEC.test(spec);

/**
 * A player argument that names a program — `exec:<command>` or `<name>=exec:<command>` — as its
 * name (given, else the command's last word without its extension) and command; undefined for any
 * other argument. A RangeError for `exec:` with no command.
 */
export function execSpec(spec: string): { readonly name: string; readonly command: string } | undefined {
  const match = EXEC_SPEC.exec(spec);
  if (match === null) return undefined;
  const command = match[2]!.trim();
  if (command === '') throw new RangeError(`'${printable(spec)}' names no command: exec:<command>, e.g. exec:./my-player or exec:python3 my_player.py`);
  const words = command.split(/\s+/);
  return { name: (match[1] ?? basename(words[words.length - 1]!, extname(words[words.length - 1]!))).trim(), command };
}

/** A player argument that names an external program, as a lineup id (`<name>@exec:<command>`); undefined for any other argument. */
export function externalPlayerId(game: { readonly id: string; readonly title: string; readonly agents: object; readonly lineProtocol?: LineProtocol<never> }, spec: string): string | undefined {
  if (EXEC_SPEC.exec(spec) === null) return undefined;
  if (lineProtocol(game) === undefined) throw new RangeError(`${game.title} does not take external programs as players (only ${gamesWithPrograms().join(', ')})`);
  const { name: label, command } = execSpec(spec)!;
  if (label === '' || label.includes('@') || label.includes(',') || Object.hasOwn(game.agents, label) || printable(label, 64) !== label) {
    throw new RangeError(`The program '${printable(command)}' would be named '${printable(label)}', which cannot name a player (a built-in's id, or ',' '@'): name it, as name=exec:<command>`);
  }
  return `${label}@exec:${command}`;
}

/** Why a batch failed as a whole: every game of it is a fault with this message. */
class ProgramFailure extends Error {
  override readonly name = 'ProgramFailure';
}

const STDERR_TAIL_CHARS = 300;

/** A batch sent and not answered yet. */
interface Pending {
  readonly count: number;
  readonly limitMs: number;
  readonly answers: string[];
  readonly resolve: (answers: string[]) => void;
  readonly reject: (error: ProgramFailure) => void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * One external program, started at its first batch and kept for the next ones; started again
 * after it failed. `ask` sends one batch and resolves to its answers, or rejects with a
 * ProgramFailure (the program is then killed). Batches may be sent before the earlier ones are
 * answered (the lab keeps the program busy while it plays on other games): the program answers
 * them in order, and each has the time limit from the moment the one before it was answered.
 */
export class PlayerProgram {
  readonly #command: string;
  readonly #gameId: string;
  #child: ChildProcessWithoutNullStreams | undefined;
  #exited: Promise<void> = Promise.resolve();
  #stderrTail = '';
  /** Batches sent and not answered yet, oldest first. */
  #queue: Pending[] = [];

  constructor(command: string, gameId: string) {
    this.#command = command;
    this.#gameId = gameId;
  }

  #start(): ChildProcessWithoutNullStreams {
    const child = startProgram(this.#command, process.cwd());
    this.#child = child;
    this.#stderrTail = '';
    child.stdin.on('error', () => undefined); // EPIPE when the program has gone: reported by its exit
    child.stdout.on('error', () => undefined);
    child.stderr.on('error', () => undefined);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stderrTail = (this.#stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    this.#exited = new Promise<void>((resolve) => {
      child.once('error', (error) => {
        if (child.pid !== undefined) return;
        this.#fail(child, `could not be started: ${error.message}`);
        resolve();
      });
      child.once('exit', (code, signal) => {
        // Its last words on stderr may still be in the pipe: a moment for them.
        setTimeout(() => {
          killGroup(child);
          untrackGroup(child);
          const said = this.#stderrTail.trim().split('\n').pop() ?? '';
          this.#fail(child, `${signal !== null ? `was killed by ${signal}` : `exited with code ${String(code)}`}${said === '' ? '' : ` (its stderr: ${JSON.stringify(said.slice(-120))})`}`);
          resolve();
        }, PIPE_DRAIN_MS);
      });
    });
    const lines = new LineSplitter(MAX_LINE_LENGTH, (line) => {
      this.#take(child, line);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      lines.push(text);
    });
    child.stdout.on('end', () => {
      lines.end();
    });
    child.stdin.write(`game ${this.#gameId}\n`);
    return child;
  }

  /** Hands a line the program wrote to the oldest batch waiting; a line when none waits is a fault. */
  #take(child: ChildProcessWithoutNullStreams, line: string | OverlongLine): void {
    if (this.#child !== child) return;
    if (isOverlong(line)) return this.#fail(child, `answered ${describeOverlong(line)}`);
    const head = this.#queue[0];
    if (head === undefined) return this.#fail(child, `wrote ${JSON.stringify(line.slice(0, 60))} when nothing was asked`);
    head.answers.push(line);
    if (head.answers.length < head.count) return;
    clearTimeout(head.timer);
    this.#queue.shift();
    head.resolve(head.answers);
    this.#arm(child);
  }

  /** Starts the time limit of the oldest batch waiting, if it has none yet. */
  #arm(child: ChildProcessWithoutNullStreams): void {
    const head = this.#queue[0];
    if (head === undefined || head.timer !== undefined) return;
    head.timer = setTimeout(() => {
      this.#fail(child, `gave no answer to a batch of ${String(head.count)} within the time limit of ${formatMs(head.limitMs)}`);
    }, head.limitMs);
  }

  /** Fails every batch waiting on `child` with `message` and kills it (a program already replaced is left alone). */
  #fail(child: ChildProcessWithoutNullStreams, message: string): void {
    if (this.#child !== child) return;
    this.#child = undefined;
    const failed = this.#queue;
    this.#queue = [];
    for (const pending of failed) {
      clearTimeout(pending.timer);
      pending.reject(new ProgramFailure(message));
    }
    killGroup(child);
    child.stdout.destroy();
    child.stdin.destroy();
  }

  /** Sends `message` (`batchMessage`: a batch of `count` observations) and resolves to one answer line per observation, within `timeLimitMs` of its turn. */
  ask(message: Uint8Array, count: number, timeLimitMs: number): Promise<string[]> {
    const child = this.#child ?? this.#start();
    return new Promise<string[]>((resolve, reject) => {
      this.#queue.push({ count, limitMs: timeLimitMs, answers: [], resolve, reject, timer: undefined });
      child.stdin.write(message);
      this.#arm(child);
    });
  }

  /** The process id of the program running now (for benchmarks, which read its CPU time), or undefined. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Ends the program: its stdin is closed, and its group killed after a moment. */
  async close(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    child.stdin.end();
    const grace = setTimeout(() => {
      killGroup(child);
    }, 200);
    await this.#exited;
    clearTimeout(grace);
  }
}

/**
 * The message of one batch: `batch <K>`, then the observation line of each of the K states, as
 * bytes (written straight from each state where the game's protocol can, no string per decision).
 */
function batchMessage(protocol: LineProtocol, states: readonly GameState[]): Uint8Array {
  const header = `batch ${String(states.length)}\n`;
  const bytes = protocol.bytes;
  if (bytes === undefined) return Buffer.from(`${header}${states.map((state) => `${protocol.observation(state)}\n`).join('')}`);
  const out = Buffer.allocUnsafe(header.length + states.length * (bytes.maxLength + 1));
  let at = out.write(header, 0, 'latin1');
  for (const state of states) {
    at = bytes.write(state, out, at);
    out[at++] = NEWLINE;
  }
  return out.subarray(0, at);
}

const NEWLINE = 10;

const formatMs = (ms: number): string => (ms % 1000 === 0 ? `${String(ms / 1000)} s` : `${String(ms)} ms`);

/** One game under way: its state and streams, and what its external players owe or were told. */
interface Slot {
  lineup: number;
  index: number;
  state: GameState;
  chance: Rng;
  agentRng: Rng;
  /** The lineup's players: a built-in's agent, or undefined at a program's seat. */
  agents: readonly (Agent | undefined)[];
  /** Per lineup this slot has played: its agents, made once. */
  agentsByLineup: (readonly (Agent | undefined)[] | undefined)[];
  done: boolean;
  forfeit: readonly number[] | undefined;
  /** The seat whose fault ended the game (with `forfeit`), else -1. */
  forfeitSeat: number;
  /** Every action of the game so far, opening included (when the games are recorded), and the opening's length. */
  actions: number[] | undefined;
  openingLength: number;
  /** The seat whose program is asked (while waiting: its observation is read from the state as it is), then its answer or failure. */
  seat: number;
  answer: string | undefined;
  failure: string | undefined;
  /** Per seat: the first fault message of this game, and whether that player plays no more in it. */
  faults: (string | undefined)[];
  stopped: boolean[];
}

/** Games played side by side: enough for long batches to the programs, few enough to bound memory. */
const SIDE_BY_SIDE = 2048;
/**
 * The games a worker asks a LockstepPlayer to play at once, at most: several times the games side
 * by side, so that for most of the range every game that ends makes room for a new one and the
 * batches stay long (only the range's last games are asked in ever shorter batches).
 */
export const PROGRAM_RANGE = 4 * SIDE_BY_SIDE;
/** The games side by side are split in this many groups, each asking and playing on in turn. */
const GROUPS = 2;

/** The returns and faults of the games of one `play` call, by game and seat, to be tallied in game order. */
interface Played {
  readonly start: number;
  readonly returns: Float64Array;
  readonly faults: Map<number, string>;
  /** When the games are recorded: each game as played, by game and then lineup. */
  readonly games: PlayedGame[] | undefined;
}

/**
 * Plays games of an experiment with external programs among its players: many games side by side,
 * each paused where a program is to move, so that every program is asked once per round for all
 * the games waiting on it; a game that ends makes room for the next one, so the batches stay long
 * to the end of the range. The games are exactly those `BatchPlayer` plays (the same seeds, streams
 * and openings, the game's generic playout); the tally is the same, whatever the range's size.
 */
export class LockstepPlayer {
  readonly #config: ExperimentConfig;
  readonly #game: GameDefinition<GameState>;
  readonly #protocol: LineProtocol;
  readonly #timeLimitMs: number;
  readonly #seats: number;
  /** Per lineup and seat: the program behind it, or undefined for a built-in. */
  readonly #programs: (PlayerProgram | undefined)[][];
  readonly #openings: readonly (readonly number[])[] | undefined;
  /** The slots games are played in, kept from one `play` to the next. */
  readonly #slots: Slot[] = [];
  #decisions = 0;

  constructor(config: ExperimentConfig, timeLimitMs: number, programs = new Map<string, PlayerProgram>()) {
    this.#config = config;
    this.#game = validateConfig(config);
    const protocol = lineProtocol(this.#game);
    if (protocol === undefined) throw new RangeError(`${this.#game.title} does not take external programs as players`);
    this.#protocol = protocol;
    this.#timeLimitMs = timeLimitMs;
    this.#seats = config.lineups[0]!.length;
    this.#openings = openingSuite(this.#game, config);
    this.#programs = config.lineups.map((lineup) =>
      lineup.map((id) => {
        const command = externalCommandOf(id);
        // A player module among programs: refused by validateConfig.
        if (command === undefined) return undefined;
        let program = programs.get(id);
        if (program === undefined) programs.set(id, (program = new PlayerProgram(command, this.#game.id)));
        return program;
      }),
    );
  }

  /** The action a program's seat plays at the slot's state: its answer read, a fault's action, or undefined when its program is to be asked. */
  #programAction(slot: Slot, seat: number): number | undefined {
    const state = slot.state;
    if (slot.stopped[seat]!) return this.#faultAction(slot, seat, undefined, true);
    const answer = slot.answer;
    if (answer !== undefined) {
      slot.answer = undefined;
      const verdict = this.#protocol.action(state, answer);
      return typeof verdict === 'number' ? verdict : this.#faultAction(slot, seat, verdict.fault, false);
    }
    const failure = slot.failure;
    if (failure !== undefined) {
      slot.failure = undefined;
      return this.#faultAction(slot, seat, `${failure}: it plays no more in this game`, true);
    }
    slot.seat = seat;
    return undefined;
  }

  /** Records a fault of `seat` (its first message stays) and returns what the game plays for it, or ends the game (Forfeit). */
  #faultAction(slot: Slot, seat: number, message: string | undefined, stop: boolean): number {
    if (message !== undefined) slot.faults[seat] ??= printable(message);
    if (stop) slot.stopped[seat] = true;
    const outcome = this.#protocol.onFault(slot.state);
    if (typeof outcome === 'number') return outcome;
    slot.forfeitSeat = seat;
    throw new Forfeit(outcome.forfeit);
  }

  /** Plays `slot` on until it ends or waits for a program (at `slot.seat`). */
  #advance(slot: Slot): void {
    const { state, agents, chance, agentRng, actions } = slot;
    const protocol = this.#protocol;
    try {
      // The generic playout (the game's own, where a program's answer may be no contract action:
      // recorded as answered, which the game's `playRecordedAction` replays).
      for (;;) {
        const player = state.currentPlayer();
        if (player === TERMINAL) break;
        if (player === CHANCE) {
          const outcome = state.sampleChance(chance);
          state.applyAction(outcome);
          actions?.push(outcome);
          continue;
        }
        const agent = agents[player];
        const action = agent === undefined ? this.#programAction(slot, player) : agent.act(state, agentRng);
        if (action === undefined) return;
        if (protocol.play === undefined) state.applyAction(action);
        else protocol.play(state, action);
        actions?.push(action);
      }
      slot.done = true;
    } catch (error) {
      if (!(error instanceof Forfeit)) throw error;
      slot.forfeit = error.returns;
      slot.done = true;
    }
  }

  /** Starts game `index` of `lineup` in `slot` (keeping its actions when `recorded`) and plays it on until it ends or waits for a program. */
  #startSlot(slot: Slot, lineup: number, index: number, recorded: boolean): void {
    const config = this.#config;
    const seed = gameSeed(config, lineup, index);
    slot.lineup = lineup;
    slot.index = index;
    slot.agents = slot.agentsByLineup[lineup] ??= this.#config.lineups[lineup]!.map((id, seat) => (this.#programs[lineup]![seat] === undefined ? this.#game.agents[id]!.create() : undefined));
    slot.state.reset();
    const opening = openingOf(this.#openings, index);
    for (const action of opening) slot.state.applyAction(action);
    slot.actions = recorded ? [...opening] : undefined;
    slot.openingLength = opening.length;
    slot.chance = rngFromSeed(seed);
    // As BatchPlayer: unpaired games draw chance and agents from one stream; paired games and
    // seat pairs give the agents a stream of their own.
    slot.agentRng = config.paired || config.seatPairs === true ? rngFromSeed(deriveSeed(seed, 1)) : slot.chance;
    slot.done = false;
    slot.forfeit = undefined;
    slot.forfeitSeat = -1;
    slot.answer = undefined;
    slot.failure = undefined;
    slot.faults.fill(undefined);
    slot.stopped.fill(false);
    this.#advance(slot);
  }

  /** Keeps the returns and faults of the game that ended in `slot`. */
  #record(slot: Slot, played: Played): void {
    const seats = this.#seats;
    const game = (slot.index - played.start) * this.#config.lineups.length + slot.lineup;
    const at = game * seats;
    for (let s = 0; s < seats; s++) {
      played.returns[at + s] = slot.forfeit === undefined ? slot.state.returns(s) : slot.forfeit[s]!;
      const fault = slot.faults[s];
      if (fault !== undefined) played.faults.set(at + s, fault);
    }
    if (played.games !== undefined) {
      const seat = slot.forfeitSeat;
      played.games[game] = {
        lineup: slot.lineup,
        index: slot.index,
        seed: gameSeed(this.#config, slot.lineup, slot.index),
        openingLength: slot.openingLength,
        actions: slot.actions!,
        returns: Array.from(played.returns.subarray(at, at + seats)),
        ...(slot.forfeit === undefined || seat < 0 ? {} : { forfeit: { seat, message: slot.faults[seat] ?? 'forfeited the game' } }),
      };
    }
  }

  /** Asks every program for the games waiting on it, one batch each, all at once. */
  async #askPrograms(waiting: readonly Slot[]): Promise<void> {
    const asked = new Map<PlayerProgram, Slot[]>();
    for (const slot of waiting) {
      const program = this.#programs[slot.lineup]![slot.seat]!;
      const slots = asked.get(program);
      if (slots === undefined) asked.set(program, [slot]);
      else slots.push(slot);
    }
    await Promise.all(
      [...asked].map(async ([program, slots]) => {
        try {
          const answers = await program.ask(
            batchMessage(
              this.#protocol,
              slots.map((s) => s.state),
            ),
            slots.length,
            this.#timeLimitMs,
          );
          slots.forEach((s, k) => (s.answer = answers[k]));
          this.#decisions += slots.length;
        } catch (error) {
          if (!(error instanceof ProgramFailure)) throw error;
          for (const s of slots) s.failure = error.message;
        }
      }),
    );
  }

  /**
   * Plays games [start, end) of every lineup and returns their tally (the same as BatchPlayer's).
   * With `games`, every game is also pushed there as played, by game index and then lineup (as
   * BatchPlayer does).
   */
  async play(start: number, end: number, games?: PlayedGame[]): Promise<Tally> {
    const lineups = this.#config.lineups.length;
    const total = (end - start) * lineups;
    const recorded = games !== undefined;
    const played: Played = { start, returns: new Float64Array(total * this.#seats), faults: new Map(), games: recorded ? new Array<PlayedGame>(total) : undefined };
    // Games in order of index, then lineup; each slot takes the next one not started when its own ends.
    let next = 0;
    /** Starts games in `slot` until one waits for a program (true), or none is left (false). */
    const refill = (slot: Slot): boolean => {
      while (next < total) {
        const k = next++;
        this.#startSlot(slot, k % lineups, start + Math.floor(k / lineups), recorded);
        if (!slot.done) return true;
        this.#record(slot, played);
      }
      return false;
    };
    // Groups asking and playing on in turn: while the programs answer one, this thread plays the
    // others on, so the processes work at the same time.
    const started: Slot[] = [];
    while (started.length < SIDE_BY_SIDE) {
      const slot = (this.#slots[started.length] ??= this.#newSlot());
      if (!refill(slot)) break;
      started.push(slot);
    }
    const groups: Slot[][] = [];
    for (let g = 0, from = 0; g < GROUPS; g++) {
      const to = from + Math.ceil((started.length - from) / (GROUPS - g));
      groups.push(started.slice(from, to));
      from = to;
    }
    await Promise.all(
      groups.map(async (group) => {
        for (let waiting = group; waiting.length > 0; ) {
          await this.#askPrograms(waiting);
          const still: Slot[] = [];
          for (const slot of waiting) {
            this.#advance(slot);
            if (slot.done) {
              this.#record(slot, played);
              if (!refill(slot)) continue;
            }
            still.push(slot);
          }
          waiting = still;
        }
      }),
    );
    if (recorded) for (const game of played.games!) games.push(game);
    return this.#tally(played, end);
  }

  /** The tally of the games played, counted in game order as BatchPlayer counts them. */
  #tally({ start, returns, faults }: Played, end: number): Tally {
    const config = this.#config;
    const [minScore, maxScore] = this.#game.scoreRange;
    const lowestBin = Math.floor(minScore);
    const lastBin = scoreBins(this.#game) - 1;
    const winsOnly = config.differences === 'wins';
    const lineups = config.lineups.length;
    const seats = this.#seats;
    const tally = emptyTally(config);
    const firstReturns = new Float64Array(lineups);
    for (let index = start, at = 0; index < end; index++) {
      for (let l = 0; l < lineups; l++, at += seats) {
        const lineupTally = tally.lineups[l]!;
        lineupTally.games++;
        for (let s = 0; s < seats; s++) {
          const seat = lineupTally.seats[s]!;
          addSeatReturn(seat, returns[at + s]!, minScore, maxScore, lowestBin, lastBin);
          const fault = faults.get(at + s);
          if (fault !== undefined) addFaults(seat, 1, [{ game: index, seed: gameSeed(config, l, index), message: fault }]);
        }
        const first = returns[at]!;
        firstReturns[l] = winsOnly ? (first === maxScore ? 1 : 0) : first;
      }
      addPairedDifferences(tally, firstReturns);
    }
    return tally;
  }

  #newSlot(): Slot {
    const seats = this.#seats;
    const rng = rngFromSeed(0);
    return {
      lineup: 0,
      index: 0,
      state: this.#game.newInitialState(),
      chance: rng,
      agentRng: rng,
      agents: [],
      agentsByLineup: [],
      done: true,
      forfeit: undefined,
      forfeitSeat: -1,
      actions: undefined,
      openingLength: 0,
      seat: -1,
      answer: undefined,
      failure: undefined,
      faults: new Array<string | undefined>(seats).fill(undefined),
      stopped: new Array<boolean>(seats).fill(false),
    };
  }

  /** The decisions its programs have answered so far (for benchmarks). */
  get decisionsAnswered(): number {
    return this.#decisions;
  }

  /** Ends every program this player started. */
  async close(): Promise<void> {
    await Promise.all([...new Set(this.#programs.flat())].map((p) => p?.close()));
  }
}
