/**
 * The UnoWar page's coach: each card the person chooses rated by the game's coach
 * (src/games/uno-war/coach.ts, in a Web Worker that is handed the person's observation only),
 * worded by the game module (coach-text.ts), and a summary after the game, shown in the coach's
 * pieces every game page shares (../coach/Panel.tsx).
 */
import { useMemo } from 'preact/hooks';
import { CoachChoices, CoachPanel, CoachSummary, CoachSummaryPending, type CoachChoice, type CostlyDecision, type ShownRating } from '../coach/Panel.js';
import { ruleCitation, tallyLine } from '../../../src/core/coach.js';
import { summarize, type Rating } from '../../../src/games/uno-war/coach.js';
import { chanceText, coachLegend, costlyDecisionText, judgement, totalCostText } from '../../../src/games/uno-war/coach-text.js';
import { UNO_WAR_AGENTS, type UnoWarAgent } from '../../../src/games/uno-war/agents.js';
import { CardFace } from '../cards/Card.js';
import { cardName } from '../cards/names.js';
import { useCoachRatings, type CoachView } from '../coach/ratings.js';
import { UnoCoachClient, type CoachJob } from './coach-client.js';
import { choicesAt, coachSeed, decisionsOf, type Decision, type UnoWarState } from './model.js';

/** The name of a rating: the deal, the opponent, the moves before the decision and the card. */
export function ratingKey(seed: number, ai: string, before: readonly number[], card: number): string {
  return `${String(seed)}|${ai}|${before.join('')}|${String(card)}`;
}

/** What `performance.measure` names the time from a play to its rating on the page. */
export const RATING_MEASURE = 'uno-war-coach-rating';

/** A card played, or that may be played, at the person's move number `index`: what a rating is of. */
interface UnoChoice {
  readonly index: number;
  readonly card: number;
}

/** The person's decisions are the plays with a choice, the stand-in's left out; a move is the card played. */
export type UnoCoachView = CoachView<Decision, number, Rating>;

/**
 * The coach's ratings for the game `moves` reach (nothing when `enabled` is false). `skipped` holds
 * the move indices the stand-in played; `urgent` is a card of the current position the page waits on.
 */
export function useUnoCoach(seed: number, ai: string, moves: readonly number[], state: UnoWarState, enabled: boolean, skipped: ReadonlySet<number>, urgent: number | null): UnoCoachView {
  const decisions = useMemo(() => (enabled ? decisionsOf(seed, ai, moves).filter((d) => !skipped.has(d.index)) : []), [enabled, seed, ai, moves, skipped]);
  const choices = enabled && !state.isTerminal() && state.currentPlayer() === 0 ? choicesAt(state) : [];
  const keyOf = ({ index, card }: UnoChoice): string => ratingKey(seed, ai, moves.slice(0, index), card);
  const job = (choice: UnoChoice & Pick<Decision, 'observation'>): CoachJob => ({ key: keyOf(choice), observation: choice.observation, card: choice.card, opponent: ai, seed: coachSeed(seed, choice.index) });
  const now = (card: number): UnoChoice & Pick<Decision, 'observation'> => ({ index: moves.length, card, observation: state.observe(0) });
  const coach = useCoachRatings<UnoChoice, UnoChoice & Pick<Decision, 'observation'>, Rating, Rating, CoachJob>({
    client: (listener) => new UnoCoachClient(listener),
    enabled,
    decisions,
    urgent: urgent !== null && choices.includes(urgent) ? now(urgent) : null,
    // Every card the person may play now, so its rating is often ready when they choose.
    ahead: choices.length > 1 ? choices.map((card) => job(now(card))) : [],
    keyOf,
    ratingOf: (known, choice) => known.get(keyOf(choice)),
    jobOf: (_known, choice) => job(choice),
    measure: RATING_MEASURE,
  });

  return {
    decisions,
    ratings: coach.ratings,
    ratingNow: (card) => coach.ratingOf({ index: moves.length, card }),
    played: (index, card) => {
      if (choices.length > 1) coach.played({ index, card });
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

/** The agent of the page's opponent `ai`, or undefined for one the coach has no round-value table for (it then plays cards out to the game's end). */
function opponentAgent(ai: string): UnoWarAgent | undefined {
  return Object.hasOwn(UNO_WAR_AGENTS, ai) ? UNO_WAR_AGENTS[ai as keyof typeof UNO_WAR_AGENTS] : undefined;
}

/** The coach's panel beside the game against `ai`: the rating of the person's last decision, in the shared panel. */
export function UnoCoachPanel({ view, ai }: { view: UnoCoachView; ai: string }) {
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
  return <CoachPanel rating={shown} caption={chancesCaption(last + 1)} idle="After each card you choose, the coach gives the chance to win after every card you could play." legend={coachLegend(opponentAgent(ai))} />;
}

/**
 * The summary after the game: the tally, the accuracy and the total cost, and the three costliest
 * decisions, each with the rule of thumb it broke, the point shown on demand and a link that
 * replays the game from there (`replayHref` gives the address for the moves before it).
 */
export function UnoCoachSummary({ view, replayHref }: { view: UnoCoachView; replayHref: (index: number) => string }) {
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
