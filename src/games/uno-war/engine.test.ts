import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANCE, playOut, type Agent } from '../../core/game.js';
import { randomInt, rngFromSeed } from '../../core/random.js';
import { UNO_WAR_AGENTS, markChecked, type UnoWarAgentId } from './agents.js';
import { engineWins } from './engine-match.js';
import { unoWarGame } from './definition.js';
import { Phase, UnoWarState } from './engine.js';
import { HAND_SIZE } from './rules.js';

/** A game from the start, `steps` generic steps on (fewer if it ends), chance drawn from `seed`'s stream and the seats played by `agents`. */
function playSteps(seed: number, steps: number, agents: readonly Agent<UnoWarState>[]): UnoWarState {
  const rng = rngFromSeed(seed);
  const generic = new UnoWarState();
  for (let i = 0; i < steps && !generic.isTerminal(); i++) {
    const p = generic.currentPlayer();
    generic.applyAction(p === CHANCE ? generic.sampleChance(rng) : agents[p]!.act(generic, rng));
  }
  return generic;
}

describe('UnoWarState', () => {
  it('starts at a chance node dealing 2 hands of 5 from a full deck', () => {
    const s = new UnoWarState();
    expect(s.currentPlayer()).toBe(-1);
    expect(s.remaining).toBe(52);
    expect(HAND_SIZE).toBe(5);
  });
});

describe('UnoWarState.playToEnd (the specialised playOut)', () => {
  const ids = ['random', 'smallest', 'biggest'] as const;
  /** The same strategy behind a plain object: not recognised as built in, so `act` is called. */
  const wrapped = (id: (typeof ids)[number]): Agent<UnoWarState> => {
    const inner = unoWarGame.agents[id]!.create();
    return { name: `wrapped ${inner.name}`, act: (state, rng) => inner.act(state, rng) };
  };

  it('plays the generic playOut from any node, with built-in or other agents', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 200 }), fc.constantFrom(...ids), fc.constantFrom(...ids), fc.constantFrom('built-in', 'wrapped', 'checked', 'mixed'), (seed, steps, a, b, form) => {
        // Built-in agents are played inline (history deferred); wrapped ones are asked and their
        // answers checked; checked ones (markChecked, as the lab's adapter marks users' agents) are
        // asked and trusted.
        const agents =
          form === 'built-in'
            ? [unoWarGame.agents[a]!.create(), unoWarGame.agents[b]!.create()]
            : form === 'wrapped'
              ? [wrapped(a), wrapped(b)]
              : form === 'checked'
                ? [markChecked(wrapped(a)), markChecked(wrapped(b))]
                : [markChecked(wrapped(a)), unoWarGame.agents[b]!.create()];
        const generic = playSteps(seed, steps, agents);
        const fast = generic.clone();
        const rngCopy = rngFromSeed(seed + 1);
        const genericRng = rngFromSeed(seed + 1);
        playOut(generic, agents, genericRng);
        fast.playToEnd(agents, rngCopy);
        expect(fast.toString()).toBe(generic.toString());
        expect(fast.returns(0)).toBe(generic.returns(0));
        expect(fast.rounds).toBe(generic.rounds);
        expect(Array.from(fast.deck)).toEqual(Array.from(generic.deck));
        expect(Array.from(fast.position)).toEqual(Array.from(generic.position));
        // The full state, history included: with built-in seats only, playToEnd defers the history
        // and rebuilds it here, on the first read; it must be the one applyAction recorded.
        expect(fast.serialize()).toBe(generic.serialize());
        // ... and the stream it leaves is the generic one's (the rebuild replays a copy of it).
        expect(rngCopy.next()).toBe(genericRng.next());
      }),
      { numRuns: 100 },
    );
  });

  it('an asked agent sees the exact history whenever it reads it, and a throw leaves the history whole', () => {
    // playToEnd defers the history with asked agents too (their answers kept); an agent that reads
    // it during its move must see what applyAction's game recorded up to that node.
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 60 }), fc.constantFrom('every move', 'one move', 'throws'), (seed, k, how) => {
        const make = (): { agent: Agent<UnoWarState>; seen: number[][] } => {
          const seen: number[][] = [];
          let moves = 0;
          const inner = UNO_WAR_AGENTS.smallest;
          return {
            seen,
            agent: {
              name: 'reader',
              act(state, rng) {
                moves++;
                // (The thrower reads nothing: its throw must leave the history whole by itself.)
                if (how === 'every move' || (how === 'one move' && moves === k)) seen.push(state.historyCodes());
                if (how === 'throws' && moves === k) throw new Error('boom');
                return inner.act(state, rng);
              },
            },
          };
        };
        const generic = new UnoWarState();
        const fast = new UnoWarState();
        const g = make();
        const f = make();
        const run = (play: () => void): string | undefined => {
          try {
            play();
            return undefined;
          } catch (error) {
            return (error as Error).message;
          }
        };
        const genericOutcome = run(() => playOut(generic, [g.agent, UNO_WAR_AGENTS.biggest], rngFromSeed(seed)));
        const fastOutcome = run(() => fast.playToEnd([f.agent, UNO_WAR_AGENTS.biggest], rngFromSeed(seed)));
        expect(fastOutcome).toBe(genericOutcome);
        expect(f.seen).toEqual(g.seen);
        if (how !== 'every move') expect(f.seen.length).toBeLessThanOrEqual(1);
        // The state after the game (or at the node of the throw), history included; after a throw
        // the game goes on (its history, recorded from there, must follow on from what came before).
        if (genericOutcome !== undefined) {
          playOut(generic, [UNO_WAR_AGENTS.smallest, UNO_WAR_AGENTS.biggest], rngFromSeed(seed + 1));
          playOut(fast, [UNO_WAR_AGENTS.smallest, UNO_WAR_AGENTS.biggest], rngFromSeed(seed + 1));
        }
        expect(fast.serialize()).toBe(generic.serialize());
      }),
      { numRuns: 150 },
    );
  });

  it('rebuilds a deferred history only for the game last played, also on a reused state', () => {
    // The lab's use: one state, reset between games, both seats built in, the history never read
    // except here after the third game. Each game's history must be the one a recorded run keeps.
    const reused = new UnoWarState();
    const agents = [UNO_WAR_AGENTS.random, UNO_WAR_AGENTS.biggest];
    for (let game = 0; game < 3; game++) {
      reused.reset();
      reused.playToEnd(agents, rngFromSeed(100 + game));
    }
    const recorded = new UnoWarState();
    recorded.playToEnd([wrapped('random'), wrapped('biggest')], rngFromSeed(102));
    expect(reused.historyLength).toBeGreaterThan(20);
    expect(reused.historyCodes()).toEqual(recorded.historyCodes());
    expect(reused.serialize()).toBe(recorded.serialize());
    // A clone of a state whose history is still deferred has it too.
    reused.reset();
    reused.playToEnd(agents, rngFromSeed(102));
    expect(reused.clone().serialize()).toBe(recorded.serialize());
    expect(reused.observe(1)).toEqual(recorded.observe(1));
    // A state changed since its reset (cards dealt, a pile turned) is not replayed from the reset state.
    for (const dealt of [1, 3, 10, 11]) {
      const [deferred, kept] = [new UnoWarState(), new UnoWarState()];
      const [rngA, rngB] = [rngFromSeed(7), rngFromSeed(7)];
      for (let i = 0; i < dealt; i++) {
        deferred.dealNext(rngA);
        kept.dealNext(rngB);
      }
      deferred.playToEnd(agents, rngA);
      kept.playToEnd([wrapped('random'), wrapped('biggest')], rngB);
      expect(deferred.serialize()).toBe(kept.serialize());
    }
  });

  it('rejects an agent that answers an illegal slot with a RangeError naming it', () => {
    const cheat: Agent<UnoWarState> = { name: 'Cheat', act: () => 7 };
    const state = new UnoWarState();
    expect(() => {
      state.playToEnd([cheat, cheat], rngFromSeed(1));
    }).toThrow(/Illegal action 7 by Cheat/);
  });
});

describe('UnoWarState.playToRoundEnd (a play-out of the current round only)', () => {
  const ids = ['random', 'smallest', 'biggest'] as const;

  it('plays exactly what the generic steps play up to the end of the round (or of the game), history included, from any node', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 400 }), fc.constantFrom(...ids), fc.constantFrom(...ids), fc.boolean(), (seed, steps, a, b, asked) => {
        // Built-in seats are played inline; an asked seat (a plain object) is called on an exact state.
        const inner = [unoWarGame.agents[a]!.create(), unoWarGame.agents[b]!.create()];
        const agents: Agent<UnoWarState>[] = asked ? [{ name: 'asked', act: (state, rng) => inner[0]!.act(state, rng) }, inner[1]!] : inner;
        const generic = playSteps(seed, steps, agents);
        const round = generic.clone();
        const genericRng = rngFromSeed(seed + 1);
        const roundRng = rngFromSeed(seed + 1);
        // A round from its Pile node is the next round; from inside a round, the rest of it.
        const roundsAtEnd = generic.isTerminal() ? generic.rounds : generic.phase === Phase.Deal ? 1 : generic.rounds + 1;
        while (!generic.isTerminal() && generic.rounds < roundsAtEnd) {
          const p = generic.currentPlayer();
          generic.applyAction(p === CHANCE ? generic.sampleChance(genericRng) : agents[p]!.act(generic, genericRng));
        }
        round.playToRoundEnd(agents, roundRng);
        expect(round.serialize()).toBe(generic.serialize());
        expect(round.phase).toBe(generic.isTerminal() ? Phase.Over : Phase.Pile);
        expect(roundRng.next()).toBe(genericRng.next());
      }),
      { numRuns: 100 },
    );
  });

  it('setPositionFrom copies the position and starts an empty history; play on it is recorded', () => {
    const rng = rngFromSeed(3);
    const state = new UnoWarState();
    state.playToEnd([UNO_WAR_AGENTS.smallest, UNO_WAR_AGENTS.smallest], rng);
    const midGame = new UnoWarState();
    while (midGame.rounds < 3) {
      const p = midGame.currentPlayer();
      midGame.applyAction(p === CHANCE ? midGame.sampleChance(rng) : UNO_WAR_AGENTS.smallest.act(midGame, rng));
    }
    const scratch = state.clone();
    scratch.setPositionFrom(midGame);
    expect(scratch.historyLength).toBe(0);
    expect(scratch.toString()).toBe(midGame.toString());
    expect(Array.from(scratch.deck)).toEqual(Array.from(midGame.deck));
    const copy = midGame.clone();
    scratch.playToRoundEnd([UNO_WAR_AGENTS.smallest, UNO_WAR_AGENTS.biggest], rngFromSeed(8));
    copy.playToRoundEnd([UNO_WAR_AGENTS.smallest, UNO_WAR_AGENTS.biggest], rngFromSeed(8));
    expect(scratch.toString()).toBe(copy.toString());
    expect(scratch.historyCodes()).toEqual(copy.historyCodes().slice(midGame.historyLength));
  });
});

describe('UnoWar rules in the engine', () => {
  it('describes the pile with its count: "(1 card)", "(2 cards)"', () => {
    const state = new UnoWarState();
    const rng = rngFromSeed(5);
    const buffer = new Int32Array(52);
    const seen = new Set<number>();
    while (!state.isTerminal() && !(seen.has(1) && seen.has(2))) {
      const count = state.legalActions(buffer);
      state.applyAction(state.currentPlayer() === CHANCE ? state.sampleChance(rng) : buffer[randomInt(rng, count)]!);
      const text = state.toString();
      if (state.phase !== Phase.Play || state.pileSize === 0) continue;
      expect(text).toContain(state.pileSize === 1 ? '(1 card)' : `(${String(state.pileSize)} cards)`);
      seen.add(state.pileSize);
    }
    expect([...seen]).toEqual(expect.arrayContaining([1, 2]));
  });

  it("round 1 is started by P1 and every later round by the previous round's winner", () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const state = new UnoWarState();
        const rng = rngFromSeed(seed);
        const buffer = new Int32Array(52);
        let expectedStarter = 0;
        let rounds = 0;
        const checked = new Set<number>(); // the rounds whose starter was compared
        while (!state.isTerminal()) {
          if (state.phase === Phase.Pile) {
            expect(state.starter).toBe(expectedStarter);
            checked.add(state.rounds);
          }
          const count = state.legalActions(buffer);
          state.applyAction(state.currentPlayer() === CHANCE ? state.sampleChance(rng) : buffer[randomInt(rng, count)]!);
          if (state.rounds > rounds) {
            rounds = state.rounds;
            expectedStarter = state.lastRoundWinner;
          }
        }
        // Every round, the first included, had its starter checked.
        expect(checked.size).toBe(state.rounds);
        expect(checked.has(0)).toBe(true);
        expect(Math.max(state.scores[0]!, state.scores[1]!)).toBe(10);
        expect(state.scores[state.winner()]).toBe(10);
      }),
      { numRuns: 40 },
    );
  });

  it('offers exactly the playable slots, the first of equal cards only', () => {
    const state = new UnoWarState();
    // Deal P1: 4♣ 9♠ 4♣ 2♥ K♦ (a duplicate, as after a reshuffle), P2 anything, then turn 5♣.
    const c = (rank: number, suit: number): number => (suit - 1) * 13 + rank - 1;
    const p1 = [c(4, 3), c(9, 1), c(10, 3), c(2, 2), c(13, 4)];
    for (const card of p1) state.applyAction(card);
    for (let i = 0; i < 5; i++) state.applyAction(c(i + 2, 1));
    state.applyAction(c(5, 3));
    expect(state.currentPlayer()).toBe(0);
    state.hands[2] = c(4, 3); // make slot 2 a duplicate of slot 0
    const buffer = new Int32Array(52);
    const count = state.legalActions(buffer);
    expect(Array.from(buffer.subarray(0, count))).toEqual([0, 1, 4]);
    expect(() => {
      state.applyAction(2);
    }).toThrow(/earlier slot/);
    expect(() => {
      state.applyAction(3);
    }).toThrow(/cannot be played/);
  });

  it('a player without a playable card loses the round at once', () => {
    const state = new UnoWarState();
    const c = (rank: number, suit: number): number => (suit - 1) * 13 + rank - 1;
    // P1 holds low spades only; the pile starts with the King of Hearts.
    for (let r = 2; r <= 6; r++) state.applyAction(c(r, 1));
    for (let r = 2; r <= 6; r++) state.applyAction(c(r, 2));
    state.applyAction(c(13, 2));
    expect(state.rounds).toBe(1);
    expect(state.scores[1]).toBe(1);
    expect(state.starter).toBe(1);
    expect(state.currentPlayer()).toBe(CHANCE); // the next round's first card
    expect(state.phase).toBe(Phase.Pile);
  });
});

describe('reference results (spec): 4,000 games per pairing within ±0.03', () => {
  const REFERENCE: Record<string, number> = {
    'random random': 0.499, 'random smallest': 0.002, 'random biggest': 0.842,
    'smallest random': 0.998, 'smallest smallest': 0.499, 'smallest biggest': 0.999,
    'biggest random': 0.156, 'biggest smallest': 0.0, 'biggest biggest': 0.491,
  };
  for (const [pair, expected] of Object.entries(REFERENCE)) {
    it(pair.replace(' ', ' vs '), () => {
      const [a, b] = pair.split(' ') as [UnoWarAgentId, UnoWarAgentId];
      const rate = engineWins(UNO_WAR_AGENTS[a], UNO_WAR_AGENTS[b], 4000, 20_260_101) / 4000;
      expect(Math.abs(rate - expected)).toBeLessThanOrEqual(0.03);
    });
  }
});
