/**
 * The conformance suite can fail: over every registered game, a wrapper that breaks one rule of the
 * contract (a deal that ignores the seed, an illegal action accepted, a clone that is no copy, …)
 * makes the suite's property for that rule fail, naming the rule; the same wrapper with nothing
 * broken passes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANCE, type AgentFactory, type GameDefinition, type GameState } from '../core/game.js';
import { randomInt, rngFromSeed } from '../core/random.js';
import { GAMES } from '../lab/registry.js';
import { conformanceProperties, type ConformanceOptions } from './conformance.js';

// fast-check's cases from a fixed seed: each broken rule is found the same way on every run.
fc.configureGlobal({ seed: 23 });

/** What replaces a state method: called with the real state and the call's arguments; ABSENT removes the method. */
type Patch = Readonly<Record<string, ((target: GameState, args: readonly unknown[]) => unknown) | typeof ABSENT>>;
const ABSENT = Symbol('absent');

/** `game` with its states' methods patched (also in clones, samples and deserialized states). */
function patched(game: GameDefinition<GameState>, patch: Patch, changes: Partial<GameDefinition<GameState>> = {}): GameDefinition<GameState> {
  const wrap = (state: GameState): GameState =>
    new Proxy(state, {
      get(target, key) {
        const own = typeof key === 'string' ? patch[key] : undefined;
        if (own === ABSENT) return undefined;
        if (own !== undefined) return (...args: unknown[]) => own(target, args);
        if (key === 'clone' || key === 'resample') return (...args: unknown[]) => wrap((target[key] as (...a: unknown[]) => GameState).apply(target, args));
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const deserialize = game.deserialize;
  return { ...game, playOut: undefined, newInitialState: () => wrap(game.newInitialState()), deserialize: deserialize && ((text) => wrap(deserialize(text))), ...changes };
}

function legalOf(state: GameState, maxActions: number): number[] {
  const buffer = new Int32Array(maxActions);
  return Array.from(buffer.subarray(0, state.legalActions(buffer)));
}

/** Whether seeded random games of `game` meet a chance node, and a player's sample that differs from the real state. */
function features(game: GameDefinition<GameState>): { chance: boolean; hidden: boolean } {
  let chance = false;
  let hidden = false;
  for (let seed = 0; seed < 10; seed++) {
    const state = game.newInitialState();
    const rng = rngFromSeed(seed);
    for (let ply = 0; !state.isTerminal() && ply < 60; ply++) {
      if (state.currentPlayer() === CHANCE) chance = true;
      for (let p = 0; p < game.numPlayers; p++) if (state.resample(p, rngFromSeed(seed)).serialize() !== state.serialize()) hidden = true;
      const legal = legalOf(state, game.maxActions);
      state.applyAction(state.currentPlayer() === CHANCE ? state.sampleChance(rng) : legal[ply % legal.length]!);
    }
  }
  return { chance, hidden };
}

/** A stream that is not the one a rule hands the game: what a game that reads the clock would see. */
const unseeded = rngFromSeed(2323);

function agent(name: string, act: (state: GameState) => number): AgentFactory {
  return { description: name, create: () => ({ name, act }) };
}

interface Breakage {
  readonly rule: string;
  readonly what: string;
  readonly needs?: 'chance' | 'hidden' | 'deserialize' | 'undo' | 'recordedPlayOut';
  readonly broken: (game: GameDefinition<GameState>) => GameDefinition<GameState>;
  readonly options?: ConformanceOptions;
}

const BREAKAGES: readonly Breakage[] = [
  { rule: 'methods', what: 'a state without observe', broken: (game) => patched(game, { observe: ABSENT }) },
  { rule: 'ends', what: 'a maxGameLength shorter than the game', broken: (game) => patched(game, {}, { maxGameLength: 2 }) },
  { rule: 'returns', what: 'returns that are not numbers', broken: (game) => patched(game, { returns: () => Number.NaN }) },
  {
    rule: 'deterministic',
    what: 'a deal that ignores the seed',
    needs: 'chance',
    broken: (game) =>
      patched(game, {
        sampleChance: (target) => {
          const legal = legalOf(target, game.maxActions);
          return legal[randomInt(unseeded, legal.length)];
        },
      }),
  },
  {
    rule: 'deterministic',
    what: 'an initial state that draws its own first move',
    broken: (game) => ({
      ...game,
      playOut: undefined,
      newInitialState: () => {
        const state = game.newInitialState();
        const legal = legalOf(state, game.maxActions);
        state.applyAction(legal[randomInt(unseeded, legal.length)]!);
        return state;
      },
    }),
  },
  {
    rule: 'illegal-actions',
    what: 'an illegal action ignored',
    broken: (game) =>
      patched(game, {
        applyAction: (target, [action]) => {
          if (legalOf(target, game.maxActions).includes(action as number)) target.applyAction(action as number);
        },
      }),
  },
  { rule: 'clone-reset', what: 'a clone that is the original', broken: (game) => patched(game, { clone: (target) => target }) },
  {
    rule: 'chance',
    what: 'chance probabilities summing to one half',
    needs: 'chance',
    broken: (game) =>
      patched(game, {
        chanceOutcomes: (target, [outcomes, probabilities]) => {
          const n = target.chanceOutcomes(outcomes as Int32Array, probabilities as Float64Array);
          for (let i = 0; i < n; i++) (probabilities as Float64Array)[i]! /= 2;
          return n;
        },
      }),
  },
  { rule: 'resample', what: 'a resample that starts the game again', broken: (game) => patched(game, { resample: () => game.newInitialState() }) },
  { rule: 'observation', what: 'an observation that shows everything', needs: 'hidden', broken: (game) => patched(game, { observe: (target) => target.serialize() }) },
  { rule: 'own-move', what: 'an information state that never changes', broken: (game) => patched(game, { informationStateString: () => 'the same' }) },
  {
    rule: 'agents',
    what: 'an agent that answers -1',
    broken: (game) => ({ ...game, agents: { liar: agent('liar', () => -1) } }),
    options: { agents: ['liar'] },
  },
  {
    rule: 'honest-agents',
    what: 'an agent that reads the hidden cards',
    needs: 'hidden',
    broken: (game) => ({
      ...game,
      agents: {
        peeker: agent('peeker', (state) => {
          const legal = legalOf(state, game.maxActions);
          let hash = 0;
          for (const char of state.serialize()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
          return legal[hash % legal.length]!;
        }),
      },
    }),
    options: { agents: ['peeker'], runs: 120 },
  },
  { rule: 'serialize', what: 'a deserialize that forgets the state', needs: 'deserialize', broken: (game) => patched(game, {}, { deserialize: () => game.newInitialState() }) },
  { rule: 'undo', what: 'an undo that does nothing', needs: 'undo', broken: (game) => patched(game, { undo: () => undefined }) },
  { rule: 'play-out', what: 'a specialised playOut that plays nothing', broken: (game) => patched(game, {}, { playOut: () => undefined }), options: { agents: ['random'] } },
  {
    rule: 'recorded-play-out',
    what: 'a recording playOut that leaves out the cards dealt',
    needs: 'recordedPlayOut',
    broken: (game) =>
      patched(game, {}, {
        recordedPlayOut: (state, agents, rng, actions) => {
          game.recordedPlayOut!(state, agents, rng, actions);
          actions.splice(0, 1);
        },
      }),
    options: { agents: ['random'] },
  },
];

function runRule(game: GameDefinition<GameState>, rule: string, options: ConformanceOptions = {}): void {
  const properties = conformanceProperties(game, { runs: 30, agents: [], ...options }).filter((property) => property.rule === rule);
  expect(properties.length, `the suite has a property for '${rule}'`).toBeGreaterThan(0);
  for (const property of properties) property.run();
}

/** The message of what `run` throws (fast-check's counterexample report carries the property's own error as its cause). */
function failureOf(run: () => void): string {
  try {
    run();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error) return cause.message;
    return error instanceof Error ? error.message : String(error);
  }
  return 'nothing thrown';
}

describe.each(Object.values(GAMES))('the conformance suite on $id', (game) => {
  const has = { ...features(game), deserialize: game.deserialize !== undefined, recordedPlayOut: game.recordedPlayOut !== undefined, undo: typeof (game.newInitialState() as unknown as { undo?: unknown }).undo === 'function' };

  it('passes a wrapper that breaks nothing', () => {
    for (const rule of ['methods', 'ends', 'illegal-actions', 'clone-reset', 'resample', 'own-move']) runRule(patched(game, {}), rule);
    if (game.playOut !== undefined) runRule(game, 'play-out', { agents: ['random'] });
    if (game.recordedPlayOut !== undefined) runRule(game, 'recorded-play-out', { agents: ['random'] });
  });

  for (const { rule, what, needs, broken, options } of BREAKAGES) {
    it.skipIf(needs !== undefined && !has[needs])(`reports '${rule}' broken by ${what}`, () => {
      expect(failureOf(() => {
        runRule(broken(game), rule, options);
      })).toMatch(new RegExp(`^${rule}: `));
    });
  }
});
