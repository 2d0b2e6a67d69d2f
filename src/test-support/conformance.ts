/**
 * The conformance suite: one set of behavioural checks that every game runs through the game
 * contract (`describeConformance(definition)` from the game's own test file). After OpenSpiel's
 * API tests: random playouts end, legality is respected and checked, states copy and reset cleanly,
 * the same seed plays the same game, returns stay in range, agents play legally without touching
 * the state, and a game's specialised playOut matches the generic one. States are compared by their
 * full content (`serialize`, which includes the decks), not by `toString`.
 *
 * Every game: chance probabilities; information states and `resample` (a player cannot tell the
 * sample from the state, which stays consistent and playable, and, through the game's optional
 * `sampleAgrees`, agrees with everything the player saw on the way there); observations and samples
 * that carry nothing hidden (everything reachable from them is the same for states that differ
 * only in what the player cannot see, see `reachableContent`); honest agents (a choice
 * does not change when the hidden part is rigged); serialise / deserialise and, where a game offers
 * it, undo round trips.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANCE, TERMINAL, playOut, type Agent, type GameDefinition, type GameState } from '../core/game.js';
import { randomInt, rngFromSeed, type Rng } from '../core/random.js';
import { reachableContent } from '../lab/game-conformance.js';

export interface ConformanceOptions<S extends GameState = GameState> {
  /** fast-check runs per property (default 60). */
  readonly runs?: number;
  /** Agent ids to check (default: all the definition lists). */
  readonly agents?: readonly string[];
  /**
   * Optional game-specific invariant checked at every node of the random playouts (e.g. "no card
   * lost or duplicated"). Throw or use expect() to fail.
   */
  readonly invariant?: (state: S) => void;
  /** Agent ids checked for honesty in games with hidden information (default: all of `agents`). */
  readonly honestAgents?: readonly string[];
  /**
   * Optional check that a determinisation agrees with everything `player` saw on the way, not only
   * with its information string: `trail` is every action and chance outcome applied from the
   * initial state to the state `sample` was drawn from, so the check can replay what the player saw
   * on its own (e.g. no card the player saw dealt is back in the hidden hand or the deck).
   */
  readonly sampleAgrees?: (sample: S, player: number, trail: readonly number[]) => void;
}

/**
 * A state's full content for comparisons: `serialize()`, decks and hidden cards included (a clone
 * that shares its deck with the original must fail), where `toString()` would omit them.
 */
function content(state: GameState): string {
  return state.serialize();
}

/**
 * Runs `check` on random states and, for each player, on states that differ from them only in what
 * that player cannot see: one drawn by `resample`, and (where the game can) the same rebuilt from
 * scratch through the game's own actions (serialize, deserialize), so that whatever a state keeps
 * about how its hidden cards came to be is the rigged cards' own, not a copy of the real ones'.
 */
function forEachRigged<S extends GameState>(definition: GameDefinition<S>, runs: number, check: (state: S, player: number, rigged: S, seed: number) => void): void {
  fc.assert(
    fc.property(fc.nat(), fc.integer({ min: 0, max: 300 }), (seed, steps) => {
      const state = definition.newInitialState();
      advance(state, rngFromSeed(seed), steps, new Int32Array(definition.maxActions));
      for (let player = 0; player < definition.numPlayers; player++) {
        const drawn = state.resample!(player, rngFromSeed(seed + 11));
        check(state, player, drawn, seed);
        if (definition.deserialize !== undefined) check(state, player, definition.deserialize(drawn.serialize()), seed);
      }
    }),
    { numRuns: Math.max(10, runs / 3) },
  );
}

/** Plays `steps` uniformly random legal nodes (fewer if the game ends), appending them to `trail`. */
function advance(state: GameState, rng: Rng, steps: number, buffer: Int32Array, trail?: number[]): void {
  for (let i = 0; i < steps && !state.isTerminal(); i++) {
    const count = state.legalActions(buffer);
    const action = state.currentPlayer() === CHANCE ? state.sampleChance(rng) : buffer[randomInt(rng, count)]!;
    state.applyAction(action);
    trail?.push(action);
  }
}

/** Plays uniformly random legal actions (chance via sampleChance); returns the actions taken. */
function randomPlayout<S extends GameState>(definition: GameDefinition<S>, state: S, rng: Rng, invariant?: (s: S) => void): number[] {
  const buffer = new Int32Array(definition.maxActions);
  const taken: number[] = [];
  while (!state.isTerminal()) {
    expect(taken.length).toBeLessThan(definition.maxGameLength);
    const player = state.currentPlayer();
    let action: number;
    if (player === CHANCE) {
      action = state.sampleChance(rng);
      const count = state.legalActions(buffer);
      expect(Array.from(buffer.subarray(0, count))).toContain(action);
    } else {
      expect(player).toBeGreaterThanOrEqual(0);
      expect(player).toBeLessThan(definition.numPlayers);
      const count = state.legalActions(buffer);
      expect(count).toBeGreaterThan(0);
      action = buffer[randomInt(rng, count)]!;
    }
    state.applyAction(action);
    taken.push(action);
    invariant?.(state);
  }
  return taken;
}

export function describeConformance<S extends GameState>(definition: GameDefinition<S>, options: ConformanceOptions<S> = {}): void {
  const runs = options.runs ?? 60;
  const seeds = fc.nat();
  const agentIds = options.agents ?? Object.keys(definition.agents);

  describe(`${definition.title} conforms to the game contract`, () => {
    it('random legal playouts end within maxGameLength with returns in range', () => {
      fc.assert(
        fc.property(seeds, (seed) => {
          const state = definition.newInitialState();
          randomPlayout(definition, state, rngFromSeed(seed), options.invariant);
          expect(state.currentPlayer()).toBe(TERMINAL);
          expect(state.legalActions(new Int32Array(definition.maxActions))).toBe(0);
          checkReturns(definition, state);
        }),
        { numRuns: runs },
      );
    });

    it('lists legal actions ascending, without duplicates, within maxActions', () => {
      fc.assert(
        fc.property(seeds, (seed) => {
          const state = definition.newInitialState();
          const rng = rngFromSeed(seed);
          const buffer = new Int32Array(definition.maxActions);
          while (!state.isTerminal()) {
            const count = state.legalActions(buffer);
            expect(count).toBeLessThanOrEqual(definition.maxActions);
            for (let i = 1; i < count; i++) expect(buffer[i]!).toBeGreaterThan(buffer[i - 1]!);
            state.applyAction(state.currentPlayer() === CHANCE ? state.sampleChance(rng) : buffer[randomInt(rng, count)]!);
          }
        }),
        { numRuns: Math.max(10, runs / 3) },
      );
    });

    it('replays the same game from the same seed', () => {
      fc.assert(
        fc.property(seeds, (seed) => {
          const first = randomPlayout(definition, definition.newInitialState(), rngFromSeed(seed));
          const second = randomPlayout(definition, definition.newInitialState(), rngFromSeed(seed));
          expect(second).toEqual(first);
        }),
        { numRuns: Math.max(10, runs / 3) },
      );
    });

    it('rejects an illegal action with a RangeError and changes nothing', () => {
      fc.assert(
        fc.property(seeds, fc.integer({ min: 1, max: 60 }), (seed, steps) => {
          const state = definition.newInitialState();
          const rng = rngFromSeed(seed);
          const buffer = new Int32Array(definition.maxActions);
          for (let i = 0; i < steps && !state.isTerminal(); i++) {
            const count = state.legalActions(buffer);
            state.applyAction(state.currentPlayer() === CHANCE ? state.sampleChance(rng) : buffer[randomInt(rng, count)]!);
          }
          const count = state.legalActions(buffer);
          const legal = new Set(buffer.subarray(0, count));
          const before = content(state);
          const player = state.currentPlayer();
          for (const bad of [-1, definition.maxActions + 7, 0.5, Number.NaN, ...range(definition.maxActions + 2)]) {
            if (legal.has(bad)) continue;
            expect(() => {
              state.applyAction(bad);
            }).toThrow(RangeError);
            expect(content(state)).toBe(before);
            expect(state.currentPlayer()).toBe(player);
          }
        }),
        { numRuns: Math.max(10, runs / 3) },
      );
    });

    it('clones independently (full content) and resets to the initial node', () => {
      fc.assert(
        fc.property(seeds, fc.integer({ min: 0, max: 40 }), (seed, steps) => {
          const fresh = content(definition.newInitialState());
          const state = definition.newInitialState();
          const buffer = new Int32Array(definition.maxActions);
          advance(state, rngFromSeed(seed), steps, buffer);
          const snapshot = content(state);
          const copy = state.clone();
          expect(content(copy)).toBe(snapshot);
          expect(copy.toString()).toBe(state.toString());
          randomPlayout(definition, copy, rngFromSeed(seed + 1));
          expect(content(state)).toBe(snapshot);
          // The copy plays the same game as the original from the same stream.
          const twin = state.clone();
          randomPlayout(definition, state, rngFromSeed(seed + 2));
          randomPlayout(definition, twin, rngFromSeed(seed + 2));
          expect(content(twin)).toBe(content(state));
          state.reset();
          expect(content(state)).toBe(fresh);
        }),
        { numRuns: Math.max(10, runs / 3) },
      );
    });

    it('states chance probabilities: the legal outcomes, each > 0, summing to 1', () => {
      fc.assert(
        fc.property(seeds, (seed) => {
          const state = definition.newInitialState();
          const rng = rngFromSeed(seed);
          const buffer = new Int32Array(definition.maxActions);
          const outcomes = new Int32Array(definition.maxActions);
          const probabilities = new Float64Array(definition.maxActions);
          let chanceNodes = 0;
          for (let steps = 0; !state.isTerminal() && steps < 400; steps++) {
            const n = state.chanceOutcomes!(outcomes, probabilities);
            if (state.currentPlayer() === CHANCE) {
              chanceNodes++;
              const count = state.legalActions(buffer);
              expect(n).toBe(count);
              expect(Array.from(outcomes.subarray(0, n))).toEqual(Array.from(buffer.subarray(0, count)));
              let total = 0;
              for (let i = 0; i < n; i++) {
                expect(probabilities[i]!).toBeGreaterThan(0);
                total += probabilities[i]!;
              }
              expect(total).toBeCloseTo(1, 9);
            } else {
              expect(n).toBe(0);
            }
            advance(state, rng, 1, buffer);
          }
          if (state.isTerminal()) expect(state.chanceOutcomes!(outcomes, probabilities)).toBe(0);
          return chanceNodes >= 0;
        }),
        { numRuns: Math.max(10, runs / 3) },
      );
    });

    const probe = definition.newInitialState();
    it('resample: a state each player cannot tell apart (same information state and observation), consistent and playable to the end', () => {
      fc.assert(
        fc.property(seeds, fc.integer({ min: 0, max: 300 }), (seed, steps) => {
          const state = definition.newInitialState();
          const buffer = new Int32Array(definition.maxActions);
          const other = new Int32Array(definition.maxActions);
          const trail: number[] = [];
          advance(state, rngFromSeed(seed), steps, buffer, trail);
          const before = content(state);
          for (let player = 0; player < definition.numPlayers; player++) {
            const rng = rngFromSeed(seed ^ 0x5bd1e995);
            const info = state.informationStateString!(player);
            const sample = state.resample!(player, rng);
            expect(content(state)).toBe(before);
            expect(sample.informationStateString!(player)).toBe(info);
            if (state.observe !== undefined) expect(JSON.stringify(sample.observe!(player))).toBe(JSON.stringify(state.observe(player)));
            expect(sample.currentPlayer()).toBe(state.currentPlayer());
            options.sampleAgrees?.(sample, player, trail);
            // A sample of a sample (the player cannot tell them apart either) agrees just as well.
            options.sampleAgrees?.(sample.resample!(player, rngFromSeed(seed + 3)), player, trail);
            if (state.currentPlayer() === player) {
              const count = state.legalActions(buffer);
              expect(Array.from(other.subarray(0, sample.legalActions(other)))).toEqual(Array.from(buffer.subarray(0, count)));
            }
            // Resampling depends only on what the player saw: from the sample, the same stream
            // draws the same state.
            expect(content(sample.resample!(player, rngFromSeed(seed ^ 0x5bd1e995)))).toBe(content(state.resample!(player, rngFromSeed(seed ^ 0x5bd1e995))));
            randomPlayout(definition, sample, rngFromSeed(seed + 1), options.invariant);
            checkReturns(definition, sample);
          }
        }),
        { numRuns: Math.max(10, runs / 3) },
      );
    });

    if (probe.observe !== undefined) {
      it('observations carry nothing hidden: a state that differs only in what the player cannot see gives it an identical observation, in everything reachable', () => {
        forEachRigged(definition, runs, (state, player, rigged) => {
          expect(reachableContent(rigged.observe!(player))).toBe(reachableContent(state.observe!(player)));
        });
      });
    }

    it('resample depends only on what the player saw, in everything reachable from the sample', () => {
      // A searching agent reads its samples freely: they too must hold nothing of the real deal.
      forEachRigged(definition, runs, (state, player, rigged, seed) => {
        expect(reachableContent(rigged.resample!(player, rngFromSeed(seed + 5)))).toBe(reachableContent(state.resample!(player, rngFromSeed(seed + 5))));
      });
    });

    it('the information state changes when the player sees something new (its own move)', () => {
      fc.assert(
        fc.property(seeds, fc.integer({ min: 0, max: 200 }), (seed, steps) => {
          const state = definition.newInitialState();
          const buffer = new Int32Array(definition.maxActions);
          const rng = rngFromSeed(seed);
          advance(state, rng, steps, buffer);
          while (!state.isTerminal() && state.currentPlayer() === CHANCE) advance(state, rng, 1, buffer);
          if (state.isTerminal()) return;
          const player = state.currentPlayer();
          const before = state.informationStateString!(player);
          const count = state.legalActions(buffer);
          for (let i = 0; i < count; i++) {
            const next = state.clone();
            next.applyAction(buffer[i]!);
            expect(next.informationStateString!(player)).not.toBe(before);
          }
        }),
        { numRuns: Math.max(10, runs / 3) },
      );
    });

    if (definition.deserialize !== undefined) {
      const deserialize = definition.deserialize;
      it('serialize / deserialize round-trips any state, which then plays on identically', () => {
        fc.assert(
          fc.property(seeds, fc.integer({ min: 0, max: 300 }), (seed, steps) => {
            const state = definition.newInitialState();
            const buffer = new Int32Array(definition.maxActions);
            advance(state, rngFromSeed(seed), steps, buffer);
            const text = state.serialize!();
            const copy = deserialize(text);
            expect(copy.serialize!()).toBe(text);
            expect(copy.toString()).toBe(state.toString());
            randomPlayout(definition, state, rngFromSeed(seed + 1));
            randomPlayout(definition, copy, rngFromSeed(seed + 1));
            expect(copy.serialize!()).toBe(state.serialize!());
          }),
          { numRuns: Math.max(10, runs / 3) },
        );
      });

      it('deserialize rejects garbage with a RangeError', () => {
        const text = definition.newInitialState().serialize!();
        for (const bad of ['nonsense', `${text}|extra`, text.replace(/\d+/, '99999')]) {
          if (bad === text) continue;
          expect(() => deserialize(bad)).toThrow(RangeError);
        }
      });
    }

    const undoable = probe as unknown as { undo?: () => unknown };
    if (typeof undoable.undo === 'function') {
      it('undo takes back the last action exactly (full content)', () => {
        fc.assert(
          fc.property(seeds, fc.integer({ min: 0, max: 60 }), (seed, steps) => {
            const state = definition.newInitialState();
            const buffer = new Int32Array(definition.maxActions);
            const rng = rngFromSeed(seed);
            advance(state, rng, steps, buffer);
            const snapshots: string[] = [];
            while (!state.isTerminal()) {
              snapshots.push(content(state));
              advance(state, rng, 1, buffer);
            }
            while (snapshots.length > 0) {
              (state as unknown as { undo(): unknown }).undo();
              expect(content(state)).toBe(snapshots.pop());
            }
          }),
          { numRuns: Math.max(10, runs / 3) },
        );
      });
    }

    for (const id of agentIds) {
      const factory = definition.agents[id];
      it(`agent '${id}' plays only legal actions and never changes the state it is shown`, () => {
        expect(factory).toBeDefined();
        fc.assert(
          fc.property(seeds, (seed) => {
            const state = definition.newInitialState();
            const agents: Agent<S>[] = Array.from({ length: definition.numPlayers }, () => factory!.create());
            const rng = rngFromSeed(seed);
            const buffer = new Int32Array(definition.maxActions);
            let steps = 0;
            while (!state.isTerminal()) {
              expect(steps++).toBeLessThan(definition.maxGameLength);
              const player = state.currentPlayer();
              if (player === CHANCE) {
                state.applyAction(state.sampleChance(rng));
                continue;
              }
              const before = content(state);
              const action = agents[player]!.act(state, rng);
              expect(content(state)).toBe(before);
              const count = state.legalActions(buffer);
              expect(Array.from(buffer.subarray(0, count))).toContain(action);
              state.applyAction(action);
            }
            checkReturns(definition, state);
          }),
          { numRuns: Math.max(5, runs / 6) },
        );
      });
    }

    for (const id of options.honestAgents ?? agentIds.filter((agentId) => definition.agents[agentId]?.seesHidden !== true)) {
      it(`agent '${id}' is honest: its choice does not change when the hidden part is rigged differently`, () => {
        const factory = definition.agents[id];
        expect(factory).toBeDefined();
        fc.assert(
          fc.property(seeds, (seed) => {
            const state = definition.newInitialState();
            const rng = rngFromSeed(seed);
            const buffer = new Int32Array(definition.maxActions);
            let decisions = 0;
            for (let steps = 0; !state.isTerminal() && decisions < 6 && steps < definition.maxGameLength; steps++) {
              const player = state.currentPlayer();
              if (player === CHANCE || randomInt(rng, 4) !== 0) {
                advance(state, rng, 1, buffer);
                continue;
              }
              decisions++;
              const rigged = state.resample!(player, rng);
              // Fresh agents and the same stream on both sides: only the hidden part differs.
              const honest = factory!.create().act(state, rngFromSeed(seed + decisions));
              expect(factory!.create().act(rigged, rngFromSeed(seed + decisions))).toBe(honest);
              state.applyAction(honest);
            }
          }),
          { numRuns: Math.max(5, runs / 6) },
        );
      });
    }

    if (definition.playOut !== undefined) {
      const special = definition.playOut;
      it('its specialised playOut plays exactly the generic playOut', () => {
        fc.assert(
          fc.property(seeds, fc.constantFrom(...agentIds), (seed, id) => {
            const factory = definition.agents[id]!;
            const agents = Array.from({ length: definition.numPlayers }, () => factory.create());
            const generic = definition.newInitialState();
            playOut(generic, agents, rngFromSeed(seed));
            const fast = definition.newInitialState();
            special(fast, agents, rngFromSeed(seed));
            expect(fast.isTerminal()).toBe(true);
            for (let p = 0; p < definition.numPlayers; p++) expect(fast.returns(p)).toBe(generic.returns(p));
            expect(content(fast)).toBe(content(generic));
          }),
          { numRuns: runs },
        );
      });
    }
  });
}

function checkReturns<S extends GameState>(definition: GameDefinition<S>, state: S): void {
  if (definition.outcome === 'score') {
    const score = state.returns(0);
    expect(Number.isFinite(score)).toBe(true);
    expect(score).toBeGreaterThanOrEqual(definition.scoreRange[0]);
    expect(score).toBeLessThanOrEqual(definition.scoreRange[1]);
  } else {
    let total = 0;
    for (let p = 0; p < definition.numPlayers; p++) {
      const r = state.returns(p);
      expect([-1, 0, 1]).toContain(r);
      total += r;
    }
    expect(total).toBe(0);
  }
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
