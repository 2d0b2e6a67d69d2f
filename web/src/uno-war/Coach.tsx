/**
 * The UnoWar page's coach: each card the person chooses rated by the game's coach
 * (src/games/uno-war/coach.ts, in a Web Worker that is handed the person's observation only),
 * worded by the game module (coach-text.ts), and a summary after the game, shown in the coach's
 * pieces every game page shares (../coach/Panel.tsx).
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { CoachChoices, CoachPanel, CoachSummary, CoachSummaryPending, type CoachChoice, type CostlyDecision, type ShownRating } from '../coach/Panel.js';
import { ruleCitation, tallyLine } from '../../../src/core/coach.js';
import { summarize, type Rating } from '../../../src/games/uno-war/coach.js';
import { chanceText, coachLegend, costlyDecisionText, judgement, totalCostText } from '../../../src/games/uno-war/coach-text.js';
import { COACH_SAMPLES } from '../../../src/games/uno-war/coach.js';
import { CardFace } from '../cards/Card.js';
import { cardName } from '../cards/names.js';
import { UnoCoachClient, type CoachJob } from './coach-client.js';
import { choicesAt, coachSeed, decisionsOf, type Decision, type UnoWarState } from './model.js';

/** The name of a rating: the deal, the opponent, the moves before the decision and the card. */
export function ratingKey(seed: number, ai: string, before: readonly number[], card: number): string {
  return `${String(seed)}|${ai}|${before.join('')}|${String(card)}`;
}

/** What `performance.measure` names the time from a play to its rating on the page. */
export const RATING_MEASURE = 'uno-war-coach-rating';

export interface CoachView {
  /** The person's decisions with a choice, stand-in plays left out. */
  readonly decisions: readonly Decision[];
  /** Each decision's rating, or undefined while it is computed, or null when the coach failed. */
  readonly ratings: readonly (Rating | null | undefined)[];
  /** A rating of the position the person is at (prefetched, or asked for by training). */
  ratingNow(card: number): Rating | null | undefined;
  /** Call just before the person's move number `index` (playing `card`) is made: its rating's latency is measured from then. */
  played(index: number, card: number): void;
}

/**
 * The coach's ratings for the game `moves` reach (nothing when `enabled` is false). `skipped` holds
 * the move indices the stand-in played; `urgent` is a card of the current position the page waits on.
 */
export function useUnoCoach(seed: number, ai: string, moves: readonly number[], state: UnoWarState, enabled: boolean, skipped: ReadonlySet<number>, urgent: number | null): CoachView {
  const [known, setKnown] = useState<ReadonlyMap<string, Rating | null>>(new Map());
  const playedAt = useRef(new Map<string, number>());
  const client = useMemo(
    () =>
      new UnoCoachClient({
        rated: (key, rating) => setKnown((map) => new Map(map).set(key, rating)),
        failed: (key) => setKnown((map) => new Map(map).set(key, null)),
      }),
    [],
  );
  useEffect(() => () => client.dispose(), [client]);

  const decisions = useMemo(() => (enabled ? decisionsOf(seed, ai, moves).filter((d) => !skipped.has(d.index)) : []), [enabled, seed, ai, moves, skipped]);
  const keyOf = (d: Decision): string => ratingKey(seed, ai, moves.slice(0, d.index), d.card);
  const ratings = decisions.map((d) => known.get(keyOf(d)));
  const choices = enabled && !state.isTerminal() && state.currentPlayer() === 0 ? choicesAt(state) : [];
  const nowKey = (card: number): string => ratingKey(seed, ai, moves, card);

  // What to rate, most urgent first: the card training waits on, the cards played (newest first),
  // then every card the person may play now, so its rating is often ready when they choose.
  useEffect(() => {
    const jobs: CoachJob[] = [];
    const add = (key: string, observation: Decision['observation'], card: number, index: number): void => {
      if (!known.has(key) && !jobs.some((job) => job.key === key)) jobs.push({ key, observation, card, opponent: ai, seed: coachSeed(seed, index) });
    };
    if (urgent !== null && choices.includes(urgent)) add(nowKey(urgent), state.observe(0), urgent, moves.length);
    for (let i = decisions.length - 1; i >= 0; i--) add(keyOf(decisions[i]!), decisions[i]!.observation, decisions[i]!.card, decisions[i]!.index);
    if (choices.length > 1) for (const card of choices) add(nowKey(card), state.observe(0), card, moves.length);
    client.want(jobs);
  }, [client, known, decisions, urgent, enabled, state]);

  // The latency of a rating as the person sees it: from their play to the rating on the page (at
  // once when it was ready before the play: then the page shows it as it shows the play).
  useEffect(() => {
    for (const [key, start] of playedAt.current) {
      if (!known.has(key)) continue;
      performance.measure(RATING_MEASURE, { start, end: performance.now() });
      playedAt.current.delete(key);
    }
  }, [known, moves]);

  return {
    decisions,
    ratings,
    ratingNow: (card) => known.get(nowKey(card)),
    played: (index, card) => {
      if (enabled && choices.length > 1) playedAt.current.set(ratingKey(seed, ai, moves.slice(0, index), card), performance.now());
    },
  };
}

/** Each card the person could play at a decision with its chance to win, theirs and the best marked. */
export function unoChoices(rating: Rating): CoachChoice[] {
  return rating.cards.map(({ card, chance }) => ({
    name: cardName(card),
    icon: <CardFace card={card} />,
    value: chanceText(chance),
    words: '',
    chosen: card === rating.chosen,
    best: card === rating.best,
  }));
}

/** `Decision 2, the Ten of Hearts on the Five of Clubs`: a decision as the panel names it (`number` from 1). */
function decisionWhat(decision: Decision, number: number): string {
  return `Decision ${String(number)}, the ${cardName(decision.card)} on the ${cardName(decision.observation.top)}`;
}

/** The caption of a decision's table of cards (`number` from 1). */
export function chancesCaption(number: number): string {
  return `The coach on decision ${String(number)}: the chance to win after each card`;
}

/** The coach's panel beside the game: the rating of the person's last decision, in the shared panel. */
export function UnoCoachPanel({ view }: { view: CoachView }) {
  const last = view.decisions.length - 1;
  const rating = view.ratings[last];
  const shown: ShownRating | null =
    last < 0
      ? null
      : {
          what: decisionWhat(view.decisions[last]!, last + 1),
          verdict: rating?.verdict ?? null,
          failed: rating === null,
          judgement: rating == null ? '' : judgement(rating, cardName),
          choices: rating == null ? [] : unoChoices(rating),
        };
  return <CoachPanel rating={shown} caption={chancesCaption(last + 1)} idle="After each card you choose, the coach gives the chance to win after every card you could play." legend={coachLegend(COACH_SAMPLES)} />;
}

/**
 * The summary after the game: the tally, the accuracy and the total cost, and the three costliest
 * decisions, each with the rule of thumb it broke, the point shown on demand and a link that
 * replays the game from there (`replayHref` gives the address for the moves before it).
 */
export function UnoCoachSummary({ view, replayHref }: { view: CoachView; replayHref: (index: number) => string }) {
  const missing = view.ratings.filter((r) => r === undefined).length;
  if (missing > 0) return <CoachSummaryPending text={`Coach's summary: rating your decisions (${String(view.ratings.length - missing)} of ${String(view.ratings.length)})…`} />;
  const rated = view.ratings.filter((r): r is Rating => r !== null && r !== undefined);
  const decisionOf = view.ratings.flatMap((r, i) => (r === null || r === undefined ? [] : [i]));
  const summary = summarize(rated);
  const costliest = summary.costliest.map(({ index, rating }): CostlyDecision => {
    const number = decisionOf[index]!;
    const decision = view.decisions[number]!;
    return {
      what: costlyDecisionText(number, rating, cardName),
      rule: ruleCitation(rating.rule),
      replayLabel: `Replay from decision ${String(number + 1)}`,
      replayHref: replayHref(decision.index),
      detail: {
        label: `Show decision ${String(number + 1)}`,
        content: (
          <>
            <p>{`On the ${cardName(decision.observation.top)}, your hand: ${decision.observation.hand.map(cardName).join(', ')}.`}</p>
            <CoachChoices verdict={rating.verdict} choices={unoChoices(rating)} caption={chancesCaption(number + 1)} />
          </>
        ),
      },
    };
  });
  return <CoachSummary parts={[{ line: tallyLine('', summary, totalCostText(summary.totalCost)), costliest }]} />;
}
