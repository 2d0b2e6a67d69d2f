/**
 * The UnoWar coach: the chance of winning the game after each card the person can play, against
 * the chosen opponent, and the person's choice marked with what it cost.
 *
 * The evaluator sees what the person sees: its own hand, the pile and the public history. The
 * other hand and the deck's order are drawn, `samples` times, consistently with all of it
 * (`UnoWarBelief`: the cards counted since each shuffle, the rounds the opponent lost unable to
 * play). From each drawn state every playable card is played and the play continued, the opponent
 * by its own policy, the person by Smallest's (the lowest playable card, what the best honest
 * players play 98 times in 100: docs/what-wins.md).
 *
 * Against the three built-in AIs the play stops at the end of the current round, and the state the
 * round leaves is valued by a table of the chance of winning from there (round-values.ts: by the
 * scores, who starts the next round and the high cards of each hand, computed offline from millions
 * of rounds). A card changes mostly the round it is played in; played out to the game's end, every
 * later round adds its own luck to each play-out, and the play-outs of two cards end differently so
 * often that a few hundred states cannot order cards a point or two apart. Stopping at the round's
 * end leaves that luck out (the table averages over it) and makes a play-out some fifteen times
 * cheaper, so many more states fit the same time. Against any other opponent (no table) every
 * card is played out to the game's end, on fewer states (FULL_PLAY_OUT_SAMPLES).
 *
 * Every card is played out on the same drawn states and the same random stream, so the difference
 * between two cards is measured far more precisely than either chance: a choice is marked only when
 * the best card's lead over it is larger than twice its standard error and at least EQUAL_CHANCE.
 *
 * This module knows nothing of terminals or pages; the CLI's `play --coach` prints its ratings.
 */
import { CHANCE } from '../../core/game.js';
import { ReseedableRng, deriveSeed, rngFromSeed } from '../../core/random.js';
import { clearlyBest, pairedCost, sampleMean, summarizeSampled, type RuleOfThumb, type SampledRating, type SampledSummary } from '../../core/coach.js';
import { Policy, bestSlot, smallestCardAgent, type UnoWarAgent } from './agents.js';
import { Phase, UnoWarState } from './engine.js';
import { UnoWarBelief } from './information.js';
import { roundValuesAgainst } from './round-values.js';
import { HAND_SIZE, RANK, canPlayOn } from './rules.js';

export type { Verdict, RuleOfThumb } from '../../core/coach.js';

/**
 * The most states drawn per decision against a built-in AI; from each, every playable card is
 * played to the end of the round and the state it leaves valued by the round-value table. Sampling
 * stops earlier once one card is clearly best (core/coach.ts clearlyBest), which most decisions
 * reach within a few thousand states. So many because most decisions are between cards a fraction
 * of a point apart: on 2,000 states the coach's card was as good as a 100x reference's best on
 * 85.4% of 1,000 decisions (docs/benchmarks.md, the coaches). A rating takes up to several hundred
 * ms, so the terminal and the page compute it while the person thinks (`prepareDecision`).
 */
export const COACH_SAMPLES = 32_000;

/**
 * States drawn before the first look at whether one card is clearly best; each later look comes
 * when the states drawn have doubled. Few looks: each is a chance to stop on a card that only
 * seems best by then.
 */
export const SAMPLE_BATCH = 500;

/**
 * The most states drawn per decision against an opponent without a round-value table: each is
 * played out once per playable card to the end of the game (15,000-130,000 games a second
 * depending on the players), in batches of FULL_PLAY_OUT_BATCH.
 */
export const FULL_PLAY_OUT_SAMPLES = 200;
export const FULL_PLAY_OUT_BATCH = 100;

/** A lead of the best card in the chance of winning (0..1) that makes a choice a mistake rather than an inaccuracy. */
export const MISTAKE_CHANCE = 0.05;

/**
 * A lead of the best card in the chance of winning (0..1) below which a card counts as good as the
 * best and is never marked: most decisions are between cards a point or two apart, which neither a
 * person nor the samples can tell apart (docs/benchmarks.md, the coaches). The bench's tolerance
 * agreement uses the same figure.
 */
export const EQUAL_CHANCE = 0.01;

/** The rules of thumb of docs/what-wins.md (UnoWar, "What a person should learn"). */
export const RULES_OF_THUMB = {
  lowest: { number: 1, title: 'Play your lowest card' },
  endTheRound: { number: 2, title: 'Spend a high card only to end the round' },
  count: { number: 3, title: 'Count the cards' },
} as const satisfies Record<string, RuleOfThumb>;

export interface CardChance {
  readonly card: number;
  /** The chance of winning the game after playing it (0..1). */
  readonly chance: number;
  /** Whether it counts as good as the best card: its lead is under two standard errors or under EQUAL_CHANCE; true of the best card. */
  readonly equal: boolean;
}

/** A card chosen, rated: `chosen` and `best` are cards; `best` has the highest chance (the lower rank among equals); `cost` is its lead in the chance of winning (0..1). */
export interface Rating extends SampledRating {
  /** Each distinct playable card, in the order of the hand's slots. */
  readonly cards: readonly CardChance[];
}

/**
 * Every playable card played out from the same drawn states: `chances[i][k]` is the chance of
 * winning after playing `cards[i]` from state k: 1 or 0 when the game ended, else the round-value
 * table's chance of the state the round left (or, played out to the game's end, 1 or 0).
 */
export interface CardOutcomes {
  /** Each distinct playable card of the player to move, in the order of the hand's slots. */
  readonly cards: readonly number[];
  readonly chances: readonly Float64Array[];
}

export interface PlayOutOptions {
  /** Stop at a multiple of the batch once one card is clearly best (default true). */
  readonly stopWhenClear?: boolean;
  /** Play every card out to the game's end, table or not (the bench's full play-out reference). */
  readonly toGameEnd?: boolean;
}

/** The most states `rateDecision` draws against `opponent` by default: COACH_SAMPLES with a round-value table, else FULL_PLAY_OUT_SAMPLES. */
export function defaultSamples(opponent: UnoWarAgent): number {
  return roundValuesAgainst(opponent) === undefined ? FULL_PLAY_OUT_SAMPLES : COACH_SAMPLES;
}

/**
 * Draws up to `samples` states consistent with what the player to move of `state` has seen and
 * plays every playable card out from each against `opponent`: to the end of the round, valued by
 * the round-value table, when there is one for `opponent` (and not `toGameEnd`), else to the end
 * of the game. With `stopWhenClear`, looks after the first batch and then whenever the states
 * drawn have doubled, and stops once one card is clearly best: every other card trails it by more
 * than CLEAR_LEAD standard errors or ended as it did on every state drawn (core/coach.ts
 * clearlyBest).
 */
export function playOutCards(state: UnoWarState, opponent: UnoWarAgent, seed: number, samples: number, { stopWhenClear = true, toGameEnd = false }: PlayOutOptions = {}): CardOutcomes {
  const player = state.toMove;
  const cards: number[] = [];
  for (let slot = 0; slot < HAND_SIZE; slot++) {
    const card = state.handCard(player, slot);
    if (canPlayOn(state.top, card) && !cards.includes(card)) cards.push(card);
  }
  const agents = player === 0 ? [smallestCardAgent, opponent] : [opponent, smallestCardAgent];
  const values = toGameEnd ? undefined : roundValuesAgainst(opponent);
  const batch = values === undefined ? FULL_PLAY_OUT_BATCH : SAMPLE_BATCH;
  const belief = new UnoWarBelief(state, player);
  const rng = rngFromSeed(seed);
  // Common random numbers: every card is played out from the same drawn state with the same stream
  // (the same cards come off the deck in the same order), so the difference between two cards is
  // measured more precisely than either chance.
  const outcomes = cards.map(() => new Float64Array(samples));
  const drawnState = new UnoWarState();
  const scratch = new UnoWarState();
  const stream = new ReseedableRng();
  let drawn = 0;
  while (drawn < samples) {
    for (const end = Math.min(samples, drawn === 0 ? batch : 2 * drawn); drawn < end; drawn++) {
      // Against a built-in AI the drawn state goes to a reused state, without the history (never read).
      const sampled = values === undefined ? belief.sample(rng) : belief.sample(rng, drawnState);
      const streamSeed = deriveSeed(seed, drawn);
      cards.forEach((card, index) => {
        if (values === undefined) {
          // The opponent may read the history (a card counter does): a whole copy.
          const game = sampled.clone();
          game.applyAction(game.slotOfCard(player, card));
          game.playToEnd(agents, rngFromSeed(streamSeed));
          outcomes[index]![drawn] = game.winner() === player ? 1 : 0;
        } else {
          // Built-in policies on both sides, which never read the history: the scratch state.
          scratch.setPositionFrom(sampled);
          scratch.applyAction(scratch.slotOfCard(player, card));
          stream.reseed(streamSeed);
          scratch.playToRoundEnd(agents, stream);
          outcomes[index]![drawn] = values.chanceAt(scratch, player);
        }
      });
    }
    if (stopWhenClear && clearlyBest(outcomes.map((chances) => chances.subarray(0, drawn)))) break;
  }
  return { cards, chances: outcomes.map((chances) => chances.subarray(0, drawn)) };
}

/**
 * Every playable card's outcomes at the decision of the side to move of `state`, against
 * `opponent`, on up to `samples` drawn states: all a rating of any choice there needs
 * (`rateOutcomes`). The terminal and the page compute it as the decision shows, while the person
 * thinks, so that the rating is there when they choose; it depends on the decision and the seed
 * only, never on when it was asked for.
 */
export function prepareDecision(state: UnoWarState, opponent: UnoWarAgent, seed: number, samples = defaultSamples(opponent)): CardOutcomes {
  return playOutCards(state, opponent, seed, samples);
}

/**
 * Rates the choice of `chosen` (a card of the hand that can go on the pile) by `player`, the side
 * to move of `state`, against `opponent` (the other seat's agent), on up to `samples` drawn states.
 */
export function rateDecision(state: UnoWarState, chosen: number, opponent: UnoWarAgent, seed: number, samples = defaultSamples(opponent)): Rating {
  const player = state.toMove;
  if (!canPlayOn(state.top, chosen) || !Array.from({ length: HAND_SIZE }, (_, slot) => state.handCard(player, slot)).includes(chosen)) {
    throw new RangeError(`Card ${String(chosen)} is not a playable card of the hand`);
  }
  return rateOutcomes(prepareDecision(state, opponent, seed, samples), chosen);
}

/**
 * Rates two decisions of fixed deals on a small budget and throws the ratings away, then draws
 * more hidden hands for the second: the first rating of a process otherwise pays for compiling the
 * play-outs (some 100 ms of CPU: twice or more a typical rating), and the first rating whose hidden
 * hands are drawn exactly (`ConsistentHands`: where the rounds the opponent lost unable to play
 * rule out most hands, as at TIGHT_DEAL) for compiling that draw (some 25 ms). The terminal calls
 * it when the coach starts, before the person's first decision. The page's worker warms up the
 * play-outs only (`exactDraw: false`, the first decision alone): the page ends its worker whenever
 * a rating in progress is no longer wanted and starts another, which warms up again, so a longer
 * warm-up there delays the ratings that follow (by a third over a game played quickly).
 */
export function warmUpCoach({ exactDraw = true }: { readonly exactDraw?: boolean } = {}): void {
  const state = new UnoWarState();
  const rng = rngFromSeed(1);
  while (state.phase !== Phase.Play) state.dealNext(rng);
  const tight = exactDraw ? tightDecision() : null;
  for (const decision of tight === null ? [state] : [state, tight]) {
    rateDecision(decision, decision.handCard(decision.toMove, bestSlot(Policy.Smallest, decision.hands, decision.toMove * HAND_SIZE, decision.top)), smallestCardAgent, 1, WARM_UP_SAMPLES);
  }
  if (tight === null) return;
  // A rating's draws are too few for the compiler to optimize the exact draw: more of them alone
  // (no play-outs; a few milliseconds once compiled).
  const belief = new UnoWarBelief(tight, tight.toMove);
  const drawn = new UnoWarState();
  for (let draw = 0; draw < WARM_UP_EXACT_DRAWS; draw++) belief.sample(rng, drawn);
}

/** States each warm-up rating draws: enough round play-outs for the compiler to take the play-out loop on. */
const WARM_UP_SAMPLES = 1000;

/**
 * Hidden hands the warm-up draws exactly (TIGHT_DEAL's) after its ratings: after the rating's 1,000
 * alone, the first rating of a decision drawn exactly still paid 12 to 35 ms for compiling the
 * draw; after 10,000 more it did not.
 */
export const WARM_UP_EXACT_DRAWS = 10_000;

/**
 * A deal played by Smallest in both seats (its seed) and the plays after which the player to move
 * (player 0, four playable cards, 8-8, in the 42nd deck: epoch 41) must draw the other hand
 * exactly: the rounds player 1 lost unable to play leave one uniform draw in 218 consistent
 * (360,360 hands), below EXACT_BELOW (information.ts). Warmed up on a decision whose hands are few
 * and drawn from two decks (deal 26 after 58 plays), the exact draw was compiled again at the first
 * decision with many hands: this one's counts are large enough to take the draw's every path.
 */
const TIGHT_DEAL = { seed: 20, plays: 2122 } as const;

/** TIGHT_DEAL's decision. */
function tightDecision(): UnoWarState {
  const state = new UnoWarState();
  const rng = rngFromSeed(TIGHT_DEAL.seed);
  for (let plays = 0; plays < TIGHT_DEAL.plays; ) {
    if (state.currentPlayer() === CHANCE) state.applyAction(state.sampleChance(rng));
    else {
      state.applyAction(smallestCardAgent.act(state, rng));
      plays++;
    }
  }
  // A chance node may follow the last play (a round's end): the deal goes on to the next decision.
  while (state.currentPlayer() === CHANCE) state.applyAction(state.sampleChance(rng));
  return state;
}

/** The rating of `chosen`, one of the cards played out. */
export function rateOutcomes({ cards, chances: outcomes }: CardOutcomes, chosen: number): Rating {
  const chosenIndex = cards.indexOf(chosen);
  if (chosenIndex < 0) throw new RangeError(`Card ${String(chosen)} is not a playable card of the hand`);
  const chances = outcomes.map(sampleMean);
  let bestIndex = 0;
  chances.forEach((chance, index) => {
    const leader = chances[bestIndex]!;
    if (chance > leader || (chance === leader && RANK[cards[index]!]! < RANK[cards[bestIndex]!]!)) bestIndex = index;
  });
  const { cost, standardError, verdict } = pairedCost(outcomes[bestIndex]!, outcomes[chosenIndex]!, MISTAKE_CHANCE, EQUAL_CHANCE);
  const best = cards[bestIndex]!;
  const rule = verdict === 'best' ? null : RANK[chosen]! > RANK[best]! ? RULES_OF_THUMB.lowest : RANK[chosen]! < RANK[best]! ? RULES_OF_THUMB.endTheRound : RULES_OF_THUMB.count;
  const equal = (index: number): boolean => pairedCost(outcomes[bestIndex]!, outcomes[index]!, MISTAKE_CHANCE, EQUAL_CHANCE).verdict === 'best';
  return { cards: cards.map((card, index) => ({ card, chance: chances[index]!, equal: equal(index) })), chosen, best, cost, standardError, verdict, rule, samples: outcomes[0]!.length };
}

/** A game's decisions summed up (totalCost: The chance of winning given up (0..1), summed over the marked decisions). */
export type Summary = SampledSummary<Rating>;

export function summarize(ratings: readonly Rating[]): Summary {
  return summarizeSampled(ratings);
}
