/**
 * The conformance suite: one set of behavioural checks that every game runs through the game
 * contract (`describeConformance(definition)` from the game's own test file). After OpenSpiel's
 * API tests: random playouts end, legality is respected and checked, states copy and reset cleanly,
 * the same seed plays the same game, returns stay in range, agents play legally without touching
 * the state, and a game's specialised playOut matches the generic one.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANCE, TERMINAL, playOut, type Agent, type GameDefinition, type GameState } from '../core/game.js';
import { randomInt, rngFromSeed, type Rng } from '../core/random.js';

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
          const before = state.toString();
          const player = state.currentPlayer();
          for (const bad of [-1, definition.maxActions + 7, 0.5, Number.NaN, ...range(definition.maxActions + 2)]) {
            if (legal.has(bad)) continue;
            expect(() => {
              state.applyAction(bad);
            }).toThrow(RangeError);
            expect(state.toString()).toBe(before);
            expect(state.currentPlayer()).toBe(player);
          }
        }),
        { numRuns: Math.max(10, runs / 3) },
      );
    });

    it('clones independently and resets to the initial node', () => {
      fc.assert(
        fc.property(seeds, (seed) => {
          const fresh = definition.newInitialState().toString();
          const state = definition.newInitialState();
          const rng = rngFromSeed(seed);
          const buffer = new Int32Array(definition.maxActions);
          for (let i = 0; i < 8 && !state.isTerminal(); i++) {
            const count = state.legalActions(buffer);
            state.applyAction(state.currentPlayer() === CHANCE ? state.sampleChance(rng) : buffer[randomInt(rng, count)]!);
          }
          const snapshot = state.toString();
          const copy = state.clone();
          expect(copy.toString()).toBe(snapshot);
          randomPlayout(definition, copy, rngFromSeed(seed + 1));
          expect(state.toString()).toBe(snapshot);
          state.reset();
          expect(state.toString()).toBe(fresh);
        }),
        { numRuns: Math.max(10, runs / 3) },
      );
    });

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
              const before = state.toString();
              const action = agents[player]!.act(state, rng);
              expect(state.toString()).toBe(before);
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
            expect(fast.toString()).toBe(generic.toString());
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
