/**
 * The standard rules' solver against a plain exhaustive search without prunings on small decks
 * (draw 1 and 3, one pass and unlimited passes): the same verdict on every deal, and every winning
 * line wins when replayed. Small random deals seldom need what a pruning could cut wrongly, so each
 * pruning also has deals of its own that only a line it must keep wins (see `PRUNING_EXAMPLES`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomInt, rngFromSeed, shuffleInPlace } from '../../../core/random.js';
import { encodeMove, KlondikeConfig, KlondikeState } from '../engine.js';
import { parseCommand } from '../notation.js';
import { deckOfRuns, parseDeck } from '../rigging.js';
import { searchByUndo } from '../search-by-undo.js';
import { dealState, seededDeal, solveSeed } from './deal.js';
import { solveStandard, standardVerdict } from './standard-solver.js';

/** Whether the position can be won: every legal move tried, every position once (passes made count only when limited). */
function exhaustive(state: KlondikeState): boolean {
  const seen = new Set<string>();
  const buffer = new Int32Array(state.config.numActions);
  const fresh = (): number[] | null => {
    const { piles, rows } = state.config;
    const pileCards = Array.from({ length: piles }, (_, p) => `${String(state.hidden[p])}:${Array.from(state.cells.subarray(p * rows, p * rows + state.heights[p]!)).join(',')}`);
    const key = `${pileCards.join('|')}#${Array.from(state.queue.subarray(0, state.queueLength)).join(',')}#${String(state.waste)}#${state.config.passes === Infinity ? '' : String(state.recycles)}#${Array.from(state.foundation).join(',')}`;
    if (seen.has(key)) return null;
    seen.add(key);
    return Array.from(buffer.subarray(0, state.legalActions(buffer)));
  };
  if (state.score === state.config.deckSize) return true;
  return searchByUndo(state, fresh()!, () => (state.score === state.config.deckSize ? 'found' : (fresh() ?? 'seen')));
}

describe('solveStandard', () => {
  for (const { suits, length, piles } of [
    { suits: 'cd', length: 5, piles: 2 },
    { suits: 'chs', length: 4, piles: 3 },
    // Two runs of one suit: the search over the engine (repeated cards), not the compact one.
    { suits: 'cch', length: 4, piles: 3 },
  ]) {
    it(`agrees with an exhaustive search on ${suits} A..${String(length)}, ${String(piles)} piles (draw 1 and 3, 1 pass and unlimited)`, () => {
      const rng = rngFromSeed(length * 100 + piles);
      const verdicts = { winnable: 0, unwinnable: 0 };
      for (let deal = 0; deal < 10; deal++) {
        const order = deckOfRuns(suits, length).map((card) => card.index);
        shuffleInPlace(order, rng);
        for (const draw of [1, 3]) {
          for (const passes of [1, Infinity]) {
            const state = dealState(order, piles, { rules: 'standard', draw, passes });
            const result = solveStandard(state, { timeMs: 60_000, maxStates: 1_000_000 });
            const truth = exhaustive(state.clone());
            expect(result.verdict).toBe(truth ? 'winnable' : 'unwinnable');
            verdicts[truth ? 'winnable' : 'unwinnable']++;
          }
        }
      }
      // Both verdicts occur, so the comparison tests each.
      expect(verdicts.winnable).toBeGreaterThan(0);
      expect(verdicts.unwinnable).toBeGreaterThan(0);
    });
  }

  it('agrees with an exhaustive search from positions in mid-game (cards up, waste turned, passes used), and its lines win', () => {
    const verdicts = { winnable: 0, unwinnable: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom('cd', 'chs', 'dh', 'cdhs'),
        fc.integer({ min: 2, max: 3 }),
        fc.constantFrom(1, 2, 3),
        fc.constantFrom(1, 2, Infinity),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 12 }),
        (suits, piles, draw, passes, seed, moves) => {
          // A random walk of legal moves to a position of the game's middle.
          const state = randomPosition(suits, suits.length === 4 ? 3 : 4, piles, draw, passes, seed, moves);
          const result = solveStandard(state, { timeMs: 60_000, maxStates: 1_000_000 });
          const truth = exhaustive(state.clone());
          expect(result.verdict).toBe(truth ? 'winnable' : 'unwinnable');
          verdicts[truth ? 'winnable' : 'unwinnable']++;
          if (result.moves !== null) {
            const replay = state.clone();
            for (const move of result.moves) replay.applyAction(encodeMove(replay.config, move));
            expect(replay.score).toBe(replay.config.deckSize);
          }
        },
      ),
      { numRuns: 30, seed: 28 },
    );
    expect(verdicts.winnable).toBeGreaterThan(0);
    expect(verdicts.unwinnable).toBeGreaterThan(0);
  });
});

/** Deals `suits` A..`length` shuffled by `seed` on `piles` piles and makes `moves` random legal moves with the same generator. */
function randomPosition(suits: string, length: number, piles: number, draw: number, passes: number, seed: number, moves: number): KlondikeState {
  const rng = rngFromSeed(seed);
  const order = deckOfRuns(suits, length).map((card) => card.index);
  shuffleInPlace(order, rng);
  const state = dealState(order, piles, { rules: 'standard', draw, passes });
  const buffer = new Int32Array(state.config.numActions);
  for (let i = 0; i < moves && state.score < state.config.deckSize; i++) {
    const count = state.legalActions(buffer);
    if (count === 0) break;
    state.applyAction(buffer[randomInt(rng, count)]!);
  }
  return state;
}

describe('the card-set abstraction (where face-up cards lie is forgotten)', () => {
  it('agrees with an exhaustive search on four-suit positions in mid-game (every card has a twin), and its lines win', () => {
    const verdicts = { winnable: 0, unwinnable: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.constantFrom(1, 3), fc.constantFrom(1, Infinity), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 20 }), (piles, draw, passes, seed, moves) => {
        const state = randomPosition('cdhs', 4, piles, draw, passes, seed, moves);
        const result = solveStandard(state, { timeMs: 60_000, maxStates: 1_000_000 });
        const truth = exhaustive(state.clone());
        expect(result.verdict).toBe(truth ? 'winnable' : 'unwinnable');
        verdicts[truth ? 'winnable' : 'unwinnable']++;
        if (result.moves !== null) expect(wins(state, result.moves)).toBe(true);
      }),
      { numRuns: 60, seed: 30 },
    );
    expect(verdicts.winnable).toBeGreaterThan(0);
    expect(verdicts.unwinnable).toBeGreaterThan(0);
  });

  // Positions (♣♢♡♠ A..5 on 3 piles, draw 1, after 12 random moves from the seed) whose line puts
  // up a card that a build covers in the real position while its twin is uncovered: the search
  // counts the card free, and the line first moves the build onto the twin.
  for (const seed of [191, 204, 249]) {
    it(`frees a covered card by moving its build onto the twin (position of seed ${String(seed)}), and the line wins`, () => {
      const state = randomPosition('cdhs', 5, 3, 1, Infinity, seed, 12);
      const result = solveStandard(state, { timeMs: 60_000, maxStates: 100_000 });
      expect(result.verdict).toBe('winnable');
      expect(exhaustive(state.clone())).toBe(true);
      const replay = state.clone();
      let twinMoves = 0;
      result.moves!.forEach((move, i) => {
        const next = result.moves![i + 1];
        if (move.kind === 'movePile') {
          // The build leaves a face-up card on top (no card turns up), which goes up next.
          const under = replay.heights[move.src]! - move.count - 1;
          if (under >= 0 && under >= replay.hidden[move.src]! && next?.kind === 'moveToFoundation' && next.src === move.src) twinMoves++;
        }
        replay.applyAction(encodeMove(replay.config, move));
      });
      expect(twinMoves).toBeGreaterThan(0);
      expect(replay.score).toBe(replay.config.deckSize);
    });
  }
});

/** A position: a deal (cards in dealing order, see deal.ts) and the moves made since (as the terminal's commands). */
interface Position {
  readonly deck: string;
  readonly piles: number;
  readonly draw: number;
  readonly passes: number;
  readonly moves: string;
}

function positionOf({ deck, piles, draw, passes, moves }: Position): KlondikeState {
  const state = dealState(
    parseDeck(deck).map((card) => card.index),
    piles,
    { rules: 'standard', draw, passes },
  );
  for (const command of moves.split(', ').filter((word) => word !== '')) {
    const move = parseCommand(command.split(' '), state.config);
    if (typeof move === 'string') throw new Error(move);
    const action = encodeMove(state.config, move);
    if (!state.isLegalMove(action)) throw new Error(`${command} is not legal here`);
    state.applyAction(action);
  }
  return state;
}

/** Plays `moves` on a copy of `state`; whether that wins. */
function wins(state: KlondikeState, moves: readonly Parameters<typeof encodeMove>[1][]): boolean {
  const replay = state.clone();
  for (const move of moves) replay.applyAction(encodeMove(replay.config, move));
  return replay.score === replay.config.deckSize;
}

/**
 * Winnable positions that each pruning of the standard rules' search must keep a move for: a search
 * made any bolder there (the pruning named, cut as described) calls the position unwinnable. Found
 * by breaking each pruning of the search on exact boards that came before the card-set search, on
 * purpose, and comparing verdicts on many small deals; the solver as it is wins each, and its line
 * is replayed here.
 */
const PRUNING_EXAMPLES: readonly (Position & { readonly pruning: string })[] = [
  {
    pruning: 'a card goes up without branching only when nothing can need it (not every card)',
    deck: 'A♣ 4♡ A♢ 5♢ 5♠ 2♣ 3♡ 2♡ 2♢ A♡ 2♠ 4♢ 5♡ 4♠ 5♣ 3♠ 3♣ 3♢ 4♣ A♠',
    piles: 4,
    draw: 1,
    passes: 1,
    moves: 'mpf 4 3, mpf 1 1',
  },
  {
    pruning: 'a card goes up without branching only when nothing can need it (not every Three, nor with foundations one lower than the rule asks), and a card comes back from a foundation',
    deck: '2♣ 4♡ 4♢ 3♣ 4♣ A♠ A♡ 2♠ 3♡ 4♠ 2♡ 3♠ 3♢ 2♢ A♣ A♢',
    piles: 4,
    draw: 2,
    passes: 3,
    moves: 'dd, dd, dd, mdf 3, mdf 1, mdf 3, mdf 3',
  },
  {
    pruning: 'a part of a build moves (when the card it leaves on top can be used at once), and the key tells which card a card lies on',
    deck: '2♡ 2♢ 5♡ 5♠ 4♠ A♡ 3♡ 5♣ 4♢ A♣ 3♣ 3♠ 4♡ 4♣ 2♠ 3♢ A♠ 5♢ 2♣ A♢',
    piles: 4,
    draw: 1,
    passes: Infinity,
    moves: 'mpf 4 4, mpp 4 1 3, dd, mfp 4 1, mpf 1 2, mpp 4 1 2, dd, mpp 3 1 4, mpp 4 1 3, md 3, dd, dd, mpp 1 1 3, mfp 2 3, dd, mpf 3 3, dd',
  },
  {
    pruning: 'the talon is played at the cursors reached after turning the waste over, not only before',
    deck: '2♢ A♢ 3♢ 4♠ 4♡ A♠ 2♠ A♡ 3♠ 2♡ 3♣ 3♡ 2♣ A♣ 4♢ 4♣',
    piles: 4,
    draw: 3,
    passes: Infinity,
    moves: 'mpf 3 3, mpf 3 1, mpf 4 3, dd, dd, mfp 1 1, mpf 1 1, mfp 1 1, mpf 1 4, mfp 4 1, mpf 1 2, mpp 4 1 2',
  },
  {
    pruning: 'a talon card that can go up is not forced up (only a pile card is), and the talon is played after a pass',
    deck: '2♢ 5♠ 3♢ A♢ A♠ 4♡ 2♣ A♣ 3♡ 3♠ 4♢ 2♡ A♡ 5♡ 5♣ 5♢ 3♣ 4♣ 2♠ 4♠',
    piles: 4,
    draw: 3,
    passes: 2,
    moves: 'mpf 3 3, mpf 2 2, mfp 2 1',
  },
  {
    pruning: 'under unlimited passes only the cursors an empty waste turns to share one key (not every cursor)',
    deck: '2♡ 4♢ A♣ 2♢ 3♡ 4♠ A♠ A♢ 4♡ 3♠ 3♣ A♡ 2♠ 4♣ 2♣ 3♢',
    piles: 4,
    draw: 3,
    passes: Infinity,
    moves: 'mpf 3 4, mpp 1 1 4',
  },
  {
    pruning: 'under limited passes the key holds the passes made',
    deck: '2♠ 4♠ 2♢ 4♣ 4♡ 3♢ 5♠ 2♣ A♢ A♡ 4♢ 5♣ 3♡ 3♣ 3♠ 5♡ A♠ 5♢ 2♡ A♣',
    piles: 4,
    draw: 2,
    passes: 2,
    moves: 'mpf 4 4, mpf 4 1, dd, mfp 4 1, mpf 1 3, mfp 3 3, mpf 3 4, dd, mfp 1 1, mpf 1 2, mfp 2 3, mpf 3 2, mfp 4 3',
  },
  {
    pruning: 'under limited passes each cursor has a key of its own (a waste emptied by plays is not one turned over)',
    deck: '6♠ 4♠ 2♡ A♡ 4♢ 2♢ 5♠ 5♡ A♠ A♣ 3♠ 5♢ 6♢ 4♣ 2♠ 5♣ 4♡ 3♣ A♢ 6♣ 2♣ 3♡ 3♢ 6♡',
    piles: 4,
    draw: 1,
    passes: 2,
    moves: 'mpf 4 3, mpf 4 2, mpp 3 1 1, mfp 2 3, mpf 3 4, dd, mfp 4 3, dd, mpf 3 2, mfp 2 3, mpf 3 2, dd, dd, dd, mpp 2 1 4, dd',
  },
];

describe('the prunings of the standard rules\' search', () => {
  for (const example of PRUNING_EXAMPLES) {
    it(`wins a position that needs what this pruning keeps: ${example.pruning}`, () => {
      const state = positionOf(example);
      const result = solveStandard(state, { timeMs: 60_000, maxStates: 1_000_000 });
      expect(result.verdict).toBe('winnable');
      expect(wins(state, result.moves!)).toBe(true);
    });
  }
});

describe('the search over the engine (repeated cards)', () => {
  it('moves a King that covers a card to an empty pile', () => {
    // Two runs of ♡: each 2♡ lies under a K♡, and neither foundation passes its Ace until a K♡
    // moves to the pile the first A♡ empties (then the other K♡, once the first has gone up).
    const state = positionOf({ deck: 'A♡ 2♡ 3♡ K♡ 2♡ K♡ A♡ 3♡ 4♡ 4♡ 5♡ 5♡ 6♡ 6♡ 7♡ 7♡ 8♡ 8♡ 9♡ 9♡ 10♡ 10♡ J♡ J♡ Q♡ Q♡', piles: 3, draw: 1, passes: Infinity, moves: '' });
    const result = solveStandard(state, { timeMs: 60_000, maxStates: 100_000 });
    expect(result.verdict).toBe('winnable');
    expect(wins(state, result.moves!)).toBe(true);
  });

  it('chooses which copy of a card goes up: the one that turns a card face up, not the first found', () => {
    // Two runs of ♣ A..4 on 2 piles: [4♣] and [2♣ face down, 4♣]; the waste shows A♣ A♣ 2♣, the
    // stock holds 3♣ 3♣ (draw 3, 3 passes). Once A♣ 2♣ 3♣ are up on one foundation, pile 2's 4♣
    // must go there to turn up the 2♣ the other foundation needs; pile 1's 4♣ there (nothing can
    // need a 4♣ on a pile, so the search used to force it up) leaves the other A♣ stuck for good.
    const state = positionOf({ deck: '4♣ 2♣ 4♣ 2♣ A♣ A♣ 3♣ 3♣', piles: 2, draw: 3, passes: 3, moves: 'dd' });
    const result = solveStandard(state, { timeMs: 60_000, maxStates: 100_000 });
    expect(result.verdict).toBe('winnable');
    expect(wins(state, result.moves!)).toBe(true);
  });

  it('under limited passes keeps the passes made in its position key', () => {
    // Two runs of ♣ A..5 on 2 piles, draw 2, 2 passes: an exhaustive search (the one above) wins
    // this deal. Left out of the key, the passes made no longer tell a position reached with a
    // pass in hand from the same one reached after the last pass, searched first and lost there:
    // the search then skips the one that wins and calls the deal unwinnable.
    const state = positionOf({ deck: '2♣ 4♣ 4♣ 3♣ A♣ 5♣ 5♣ A♣ 2♣ 3♣', piles: 2, draw: 2, passes: 2, moves: '' });
    expect(exhaustive(state.clone())).toBe(true);
    const result = solveStandard(state, { timeMs: 60_000, maxStates: 100_000 });
    expect(result.verdict).toBe('winnable');
    expect(wins(state, result.moves!)).toBe(true);
  });
});

describe('the card-set search on seeded deals', () => {
  it('proves seeded deals 31, 34 and 37 (draw 3, unlimited passes) unwinnable, as Solvitaire does, and wins deal 5', () => {
    for (const seed of [31, 34, 37]) expect(solveSeed(seed, 7, 3, { timeMs: 600_000, maxStates: 100_000 }, { rules: 'standard', draw: 3 }).verdict).toBe('unwinnable');
    const won = solveSeed(5, 7, 3, { timeMs: 600_000, maxStates: 100_000 }, { rules: 'standard', draw: 3 });
    expect(won.verdict).toBe('winnable');
    expect(wins(dealState(Array.from(seededDeal(5).dealOrder), 7, { rules: 'standard', draw: 3 }), won.moves!)).toBe(true);
  });
});

describe("solveStandard's two passes", () => {
  // A deal the 'builds first' order wins in 3,941 positions and the 'deepest first' order in 74
  // (see ThoughtfulOrder): the first pass ('builds first', a quarter of the positions) runs out on it.
  const deal = positionOf({ deck: '5♠ 7♣ 5♢ 4♠ 2♠ 7♠ 5♣ 3♢ 7♢ 6♡ 2♡ 2♣ 4♢ A♠ 3♣ 6♠ A♣ 3♡ 6♢ 7♡ 6♣ 3♠ 2♢ 5♡ A♢ A♡ 4♡ 4♣', piles: 5, draw: 3, passes: Infinity, moves: '' });

  it('goes on to the second pass with the rest of the budget when the first runs out', () => {
    const result = solveStandard(deal, { timeMs: 600_000, maxStates: 200 });
    expect(result.verdict).toBe('winnable');
    expect(result.states).toBeLessThanOrEqual(200);
    expect(wins(deal, result.moves!)).toBe(true);
  });

  it('says undecided, not unwinnable, when both passes run out, within the positions allowed', () => {
    const result = solveStandard(deal, { timeMs: 600_000, maxStates: 80 });
    expect(result.verdict).toBe('undecided');
    expect(result.states).toBeLessThanOrEqual(80);
  });
});

describe('solveStandard on a lab game’s position (an idle limit, which the search ignores)', () => {
  it('reports the winning line, replayed without the limit, even when the line makes more idle moves in a row than the game allows', () => {
    const order = Array.from(seededDeal(10).dealOrder);
    const labState = KlondikeState.fromDeck(new KlondikeConfig({ rules: 'standard', draw: 3, idleLimit: 2 }), order);
    const result = solveStandard(labState, { timeMs: 600_000, maxStates: 20_000 });
    expect(result.verdict).toBe('winnable');
    expect(wins(dealState(order, 7, { rules: 'standard', draw: 3 }), result.moves!)).toBe(true);
    // The premise: under the limit the line's idle moves end the game before it is won.
    const limited = labState.clone();
    for (const move of result.moves!) {
      if (limited.isTerminal()) break;
      limited.applyAction(encodeMove(limited.config, move));
    }
    expect(limited.isTerminal() && limited.score < 52).toBe(true);
  });

  it('ends the game at the win: no card comes back from a foundation after the last one goes up', () => {
    const order = Array.from(seededDeal(10).dealOrder);
    const labState = KlondikeState.fromDeck(new KlondikeConfig({ rules: 'standard', draw: 3 }), order);
    const result = solveStandard(labState, { timeMs: 600_000, maxStates: 20_000 });
    for (const move of result.moves!) labState.applyAction(encodeMove(labState.config, move));
    expect(labState.score).toBe(52);
    expect(labState.isTerminal()).toBe(true);
    expect(labState.legalActions(new Int32Array(labState.config.numActions))).toBe(0);
  });
});

describe('standardVerdict (the verdict alone, for the honest players)', () => {
  it('gives solveStandard’s verdict after the same number of positions, on the whole deck and on small ones, within and past the budget', () => {
    const seen = { winnable: 0, unwinnable: 0, undecided: 0 };
    fc.assert(
      // The whole deck on 7 piles, or two suits on 2 to 6.
      fc.property(fc.constantFrom('cdhs', 'cd'), fc.integer({ min: 2, max: 6 }), fc.constantFrom(1, 3), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 30 }), fc.constantFrom(50, 2_000, 50_000), (suits, piles, draw, seed, moves, maxStates) => {
        const state = randomPosition(suits, 13, suits === 'cd' ? piles : 7, draw, Infinity, seed, moves);
        if (state.score === state.config.deckSize) return;
        const budget = { timeMs: 60_000, maxStates };
        const full = solveStandard(state, budget);
        const before = state.serialize();
        expect(standardVerdict(state, budget)).toEqual({ verdict: full.verdict, states: full.states });
        expect(state.serialize()).toBe(before);
        seen[full.verdict]++;
      }),
      { numRuns: 60, seed: 31 },
    );
    // Every verdict was compared (the fixed seed makes this deterministic).
    expect(Math.min(seen.winnable, seen.unwinnable, seen.undecided)).toBeGreaterThan(0);
  });
});
