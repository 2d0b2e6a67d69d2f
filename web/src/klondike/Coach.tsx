/**
 * The Klondike page's coach: each move the person chooses rated by the game's coach
 * (src/games/klondike/coach.ts, in a Web Worker: coach.worker.ts), worded by the game module
 * (coach-text.ts, words.ts), and a summary after the game, in the coach's pieces every game page
 * shares (../coach/Panel.tsx).
 */
import { useMemo } from 'preact/hooks';
import { ruleCitation, tallyLine } from '../../../src/core/coach.js';
import { COACH_SAMPLES, summarize, type Rating } from '../../../src/games/klondike/coach.js';
import { basisText, coachLegend, coachSeed, hasChoice, judgement, shareText, totalCostText } from '../../../src/games/klondike/coach-text.js';
import type { KlondikeState } from '../../../src/games/klondike/engine.js';
import type { KlondikeMove } from '../../../src/games/klondike/moves.js';
import { moveWords } from '../../../src/games/klondike/words.js';
import { CoachChoices, CoachPanel, CoachSummary, CoachSummaryPending, type CoachChoice, type CostlyDecision, type ShownRating } from '../coach/Panel.js';
import { useCoachRatings, type CoachView, type KnownRatings } from '../coach/ratings.js';
import { KlondikeCoachClient, type CoachJob } from './coach-client.js';
import { coachDealSeed, decisionsOf, decisionWhat, ratingKey, ratingOf, type Decision } from './coach-view.js';
import { moveToken, movesToText, type DealSpec } from './model.js';

/** What `performance.measure` names the time from a move to its rating on the page. */
export const RATING_MEASURE = 'klondike-coach-rating';

/** A move of a position: what a rating is of. */
interface KlondikeChoice {
  /** The moves before it, as the address writes them. */
  readonly before: string;
  readonly move: KlondikeMove;
}

/** The person's decisions are the moves made among others (the finish's left out). */
export type KlondikeCoachView = CoachView<Decision, KlondikeMove, Rating>;

/**
 * The coach's ratings for the game `moves` reach on `deal` (`dealId` names the deal and its rule
 * set; nothing when `enabled` is false). `skipped` holds the indices of the moves the page made (the
 * finish); `urgent` is a move of the current position the page waits on (training).
 */
export function useKlondikeCoach(deal: DealSpec, dealId: string, moves: readonly KlondikeMove[], state: KlondikeState, enabled: boolean, skipped: ReadonlySet<number>, urgent: KlondikeMove | null): KlondikeCoachView {
  const decisions = useMemo(() => (enabled ? decisionsOf(deal, moves, skipped) : []), [enabled, deal, moves, skipped]);
  const movesText = movesToText(moves);
  const seedNow = coachSeed(coachDealSeed(deal), state.moves);
  const choiceNow = enabled && !state.isTerminal() && hasChoice(state);
  // A position is rated whole (every candidate move at once); a move that is no candidate (a pile
  // swapped onto an empty one) is rated alone.
  const job = (before: string, move: KlondikeMove | null, seed: number): CoachJob => ({ key: ratingKey(dealId, before, move), deal, moves: before, move: move === null ? null : moveToken(move), seed });
  const ratingIn = (known: KnownRatings<readonly Rating[]>, { before, move }: KlondikeChoice): Rating | null | undefined =>
    ratingOf(known.get(ratingKey(dealId, before)), known.get(ratingKey(dealId, before, move)), move);
  const coach = useCoachRatings<KlondikeChoice, KlondikeChoice & { readonly seed: number }, readonly Rating[], Rating, CoachJob>({
    client: (listener) => new KlondikeCoachClient(listener),
    enabled,
    decisions,
    urgent: urgent === null ? null : { before: movesText, move: urgent, seed: seedNow },
    ahead: choiceNow ? [job(movesText, null, seedNow)] : [],
    keyOf: ({ before, move }) => ratingKey(dealId, before, move),
    ratingOf: ratingIn,
    jobOf: (known, choice) => {
      const every = known.get(ratingKey(dealId, choice.before));
      if (every === undefined) return job(choice.before, null, choice.seed);
      return every !== null && ratingIn(known, choice) === undefined ? job(choice.before, choice.move, choice.seed) : null;
    },
    measure: RATING_MEASURE,
  });

  return {
    decisions,
    ratings: coach.ratings,
    ratingNow: (move) => coach.ratingOf({ before: movesText, move }),
    played: (index, move) => coach.played({ before: movesToText(moves.slice(0, index)), move }),
  };
}

/** Every move the person could make at a decision with its winnable share, theirs and the best marked. */
export function klondikeChoices(state: KlondikeState, rating: Rating): CoachChoice[] {
  return rating.moves.map(({ move }, index) => ({
    name: moveWords(state, move),
    value: shareText(rating, index),
    words: '',
    chosen: index === rating.chosen,
    best: index === rating.best,
  }));
}

/** The caption of a decision's table of moves (`index` from 0). */
function choicesCaption(index: number, rating: Rating): string {
  return `The coach on move ${String(index + 1)}: ${basisText(rating)}`;
}

/** The coach's panel: the rating of the person's last decision, in the shared panel. */
export function KlondikeCoachPanel({ view }: { view: KlondikeCoachView }) {
  const last = view.decisions.length - 1;
  const decision = view.decisions[last];
  const rating = view.ratings[last];
  const shown: ShownRating | null =
    decision === undefined
      ? null
      : {
          what: decisionWhat(decision.index, decision.state, decision.move),
          verdict: rating?.verdict ?? null,
          failed: rating === null,
          judgement: rating == null ? '' : judgement(decision.state, rating),
          choices: rating == null ? [] : klondikeChoices(decision.state, rating),
        };
  return (
    <CoachPanel
      rating={shown}
      caption={decision !== undefined && rating != null ? choicesCaption(decision.index, rating) : undefined}
      idle="After each move you choose, the coach gives every move you could have made with the share of deals like yours it keeps winnable."
      legend={coachLegend(COACH_SAMPLES)}
    />
  );
}

/**
 * The summary after the game: the tally, the accuracy and the total cost, and the three costliest
 * decisions, each with the rule of thumb it broke, the position shown on demand and a button that
 * takes the game back to it (`backTo` with the number of moves before it).
 */
export function KlondikeCoachSummary({ view, backTo }: { view: KlondikeCoachView; backTo: (index: number) => void }) {
  const missing = view.ratings.filter((r) => r === undefined).length;
  if (missing > 0) return <CoachSummaryPending text={`Coach's summary: rating your moves (${String(view.ratings.length - missing)} of ${String(view.ratings.length)})…`} />;
  const rated = view.decisions.flatMap((decision, i) => {
    const rating = view.ratings[i];
    return rating == null ? [] : [{ decision, rating }];
  });
  const summary = summarize(rated.map(({ rating }) => rating));
  const costliest = summary.costliest.map(({ index }): CostlyDecision => {
    const { decision, rating } = rated[index]!;
    const number = String(decision.index + 1);
    return {
      what: `${decisionWhat(decision.index, decision.state, decision.move)}: ${judgement(decision.state, rating)}`,
      rule: ruleCitation(rating.rule),
      replayLabel: `Back to move ${number}`,
      onReplay: () => backTo(decision.index),
      detail: { label: `Show move ${number}`, content: <CoachChoices verdict={rating.verdict} choices={klondikeChoices(decision.state, rating)} caption={choicesCaption(decision.index, rating)} /> },
    };
  });
  return <CoachSummary parts={[{ line: tallyLine('', summary, totalCostText(summary.totalCost)), costliest }]} />;
}
