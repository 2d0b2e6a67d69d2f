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
import { pairedCost, settledBehind, sampleMean, summarizeSampled, type RuleOfThumb, type SampledRating, type SampledSummary } from '../../core/coach.js';
import { Policy, bestSlot, smallestCardAgent, type UnoWarAgent } from './agents.js';
import { Phase, UnoWarState } from './engine.js';
import { UnoWarBelief } from './information.js';
import { roundValuesAgainst } from './round-values.js';
import { HAND_SIZE, RANK, canPlayOn } from './rules.js';

export type { Verdict, RuleOfThumb } from '../../core/coach.js';

/**
 * The states drawn per decision and card against a built-in AI: from each, a playable card is
 * played to the end of the round and the state it leaves valued by the round-value table. The
 * decision's budget is that many play-outs of every playable card; after each SAMPLE_BATCH states
 * the cards settled behind the leading one (core/coach.ts settledBehind) are played out no more,
 * and the others get their share on further states (up to half the budget each). Sampling stops
 * once one card is clearly best (the others all settled behind it) or the budget is spent.
 */
export const COACH_SAMPLES = 2000;

/** States drawn between two looks at which cards are settled behind the leading one. */
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
  /**
   * The chance of winning the game after playing it (0..1): the best card's chance less this
   * card's cost, measured on the states both were played out on (for a card played out on every
   * state, its own mean).
   */
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
 * table's chance of the state the round left (or, played out to the game's end, 1 or 0). A card
 * settled behind another was played out on the first states only: its row is shorter.
 */
export interface CardOutcomes {
  /** Each distinct playable card of the player to move, in the order of the hand's slots. */
  readonly cards: readonly number[];
  readonly chances: readonly Float64Array[];
}

export interface PlayOutOptions {
  /**
   * Adapt the sampling (default true): after each batch, play out no more the cards settled behind
   * the leading one, spend their share of the budget on the others, and stop once one card is
   * clearly best. Without, every card is played out on all `samples` states (the bench's reference).
   */
  readonly stopWhenClear?: boolean;
  /** Play every card out to the game's end, table or not (the bench's full play-out reference). */
  readonly toGameEnd?: boolean;
}

/** The most states `rateDecision` draws against `opponent` by default: COACH_SAMPLES with a round-value table, else FULL_PLAY_OUT_SAMPLES. */
export function defaultSamples(opponent: UnoWarAgent): number {
  return roundValuesAgainst(opponent) === undefined ? FULL_PLAY_OUT_SAMPLES : COACH_SAMPLES;
}

/**
 * Draws states consistent with what the player to move of `state` has seen and plays playable
 * cards out from each against `opponent`: to the end of the round, valued by the round-value table,
 * when there is one for `opponent` (and not `toGameEnd`), else to the end of the game. The budget
 * is `samples` play-outs of every card. With `stopWhenClear`, after each batch the cards settled
 * behind the leading one (each trails it by more than CLEAR_LEAD standard errors or ended as it
 * did on every state: core/coach.ts settledBehind) are played out no more, so that the play-outs
 * go to the cards still in contention, on more states; sampling stops once every other card is
 * settled behind one. Without, every card is played out on `samples` states.
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
  // Adaptive: a card settled behind keeps the outcomes of the states it was played on. Two cards
  // at least stay in contention, so none is played out on more than half the budget.
  const budget = samples * cards.length;
  const capacity = stopWhenClear && cards.length > 1 ? Math.floor(budget / 2) : samples;
  const outcomes = cards.map(() => new Float64Array(capacity));
  const active = cards.map((_, index) => index);
  const lengthOf = cards.map(() => 0);
  const drawnState = new UnoWarState();
  const scratch = new UnoWarState();
  const stream = new ReseedableRng();
  let drawn = 0;
  let playOuts = 0;
  for (;;) {
    const states = Math.min(batch, Math.floor((budget - playOuts) / active.length), capacity - drawn);
    if (states <= 0) break;
    for (const end = drawn + states; drawn < end; drawn++) {
      // Against a built-in AI the drawn state goes to a reused state, without the history (never read).
      const sampled = values === undefined ? belief.sample(rng) : belief.sample(rng, drawnState);
      const streamSeed = deriveSeed(seed, drawn);
      for (const index of active) {
        const card = cards[index]!;
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
      }
    }
    playOuts += states * active.length;
    if (!stopWhenClear) continue;
    const behind = settledBehind(active.map((index) => outcomes[index]!.subarray(0, drawn)));
    if (behind.filter((settled) => settled).length === active.length - 1) break;
    for (let i = active.length - 1; i >= 0; i--) {
      if (!behind[i]) continue;
      lengthOf[active[i]!] = drawn;
      active.splice(i, 1);
    }
  }
  for (const index of active) lengthOf[index] = drawn;
  return { cards, chances: outcomes.map((chances, index) => chances.subarray(0, lengthOf[index])) };
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
  return rateOutcomes(playOutCards(state, opponent, seed, samples), chosen);
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
 * (player 0, four playable cards, 8-8 in the 41st deck) must draw the other hand exactly: the
 * rounds player 1 lost unable to play leave one uniform draw in 218 consistent (360,360 hands),
 * below EXACT_BELOW (information.ts). Warmed up on a decision whose hands are few and drawn from
 * two decks (deal 26 after 58 plays), the exact draw was compiled again at the first decision with
 * many hands: this one's counts are large enough to take the draw's every path.
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
  // The best card is among those played out on the most states (the others were settled behind
  // one of them, on fewer).
  const most = Math.max(...outcomes.map((row) => row.length));
  let bestIndex = outcomes.findIndex((row) => row.length === most);
  chances.forEach((chance, index) => {
    if (outcomes[index]!.length !== most) return;
    const leader = chances[bestIndex]!;
    if (chance > leader || (chance === leader && RANK[cards[index]!]! < RANK[cards[bestIndex]!]!)) bestIndex = index;
  });
  // A card against the best on the states both were played out on.
  const against = (index: number): ReturnType<typeof pairedCost> => {
    const common = outcomes[index]!.length;
    return pairedCost(outcomes[bestIndex]!.subarray(0, common), outcomes[index]!, MISTAKE_CHANCE, EQUAL_CHANCE);
  };
  const { cost, standardError, verdict } = against(chosenIndex);
  const best = cards[bestIndex]!;
  // Each card's chance: the best card's, less the card's paired cost (its own mean on the cards
  // played out on every state; for the others, corrected by the best card's luck on their states).
  const top = chances[bestIndex]!;
  const rule = verdict === 'best' ? null : RANK[chosen]! > RANK[best]! ? RULES_OF_THUMB.lowest : RANK[chosen]! < RANK[best]! ? RULES_OF_THUMB.endTheRound : RULES_OF_THUMB.count;
  return { cards: cards.map((card, index) => ({ card, chance: index === bestIndex ? top : top - against(index).cost, equal: against(index).verdict === 'best' })), chosen, best, cost, standardError, verdict, rule, samples: most };
}

/** A game's decisions summed up (totalCost: The chance of winning given up (0..1), summed over the marked decisions). */
export type Summary = SampledSummary<Rating>;

export function summarize(ratings: readonly Rating[]): Summary {
  return summarizeSampled(ratings);
}
