/**
 * The UnoWar page's coach: each card the person chooses rated by the game's coach
 * (src/games/uno-war/coach.ts, in a Web Worker that is handed the person's observation only),
 * worded by the game module (coach-text.ts), and a summary after the game. Kept in its own file:
 * the other pages' coaches share its shape.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
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

/** Each card the person could play at a decision with its chance to win; theirs marked with its verdict and cost. */
export function CardChances({ rating, number }: { rating: Rating; number: number }) {
  return (
    <ul class="coach-cards" aria-label={`The coach on decision ${String(number)}: the chance to win after each card`}>
      {rating.cards.map(({ card, chance }) => {
        const mine = card === rating.chosen;
        const mark = mine ? ` — you played it: ${judgement(rating, cardName)}` : card === rating.best ? ' — best' : '';
        return (
          <li key={card} class={mine ? `coach-chosen coach-${rating.verdict}` : undefined}>
            <CardFace card={card} />
            <span>{`${cardName(card)}: ${chanceText(chance)}${mark}`}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The coach's panel beside the game: how to read it, and the rating of the person's last decision. */
export function CoachPanel({ view }: { view: CoachView }) {
  const last = view.decisions.length - 1;
  const rating = view.ratings[last];
  return (
    <section class="coach" aria-label="Coach">
      <h2 class="uno-h2">Coach</h2>
      <p class="hint">{coachLegend(COACH_SAMPLES)}</p>
      <p class="coach-busy" aria-live="polite">
        {last >= 0 && rating === undefined && `The coach is rating decision ${String(last + 1)} (the ${cardName(view.decisions[last]!.card)})…`}
        {last >= 0 && rating === null && `The coach could not rate decision ${String(last + 1)}.`}
      </p>
      {last >= 0 && rating !== undefined && rating !== null && (
        <>
          <p class="uno-caption">{`Decision ${String(last + 1)}, on the ${cardName(view.decisions[last]!.observation.top)}: the chance to win after each card`}</p>
          <CardChances rating={rating} number={last + 1} />
        </>
      )}
    </section>
  );
}

/** The training's warning before a costly card: play it anyway, or choose again (Escape). */
export function TrainingWarning({ rating, onPlay, onCancel }: { rating: Rating; onPlay: () => void; onCancel: () => void }) {
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => again.current?.focus(), []);
  return (
    <div
      class="coach-warning"
      role="alertdialog"
      aria-label="The coach's warning"
      aria-describedby="coach-warning-text"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
    >
      <p id="coach-warning-text">{`The ${cardName(rating.chosen)} would be ${judgement(rating, cardName)}.`}</p>
      <div class="buttons">
        <button type="button" ref={again} onClick={onCancel}>
          Choose again
        </button>
        <button type="button" onClick={onPlay}>
          Play it anyway
        </button>
      </div>
    </div>
  );
}

/**
 * The summary after the game: the tally, the accuracy and the total cost, and the three costliest
 * decisions, each with the rule of thumb it broke, the point shown on demand and a link that
 * replays the game from there (`replayHref` gives the address for the moves before it).
 */
export function CoachSummary({ view, replayHref }: { view: CoachView; replayHref: (index: number) => string }) {
  const [shown, setShown] = useState<number | null>(null);
  const missing = view.ratings.filter((r) => r === undefined).length;
  if (missing > 0) {
    return (
      <p class="coach-busy" aria-live="polite">
        {`The coach is rating your decisions for the summary (${String(view.ratings.length - missing)} of ${String(view.ratings.length)})…`}
      </p>
    );
  }
  const rated = view.ratings.filter((r): r is Rating => r !== null && r !== undefined);
  const decisionOf = view.ratings.flatMap((r, i) => (r === null || r === undefined ? [] : [i]));
  const summary = summarize(rated);
  return (
    <section class="coach-summary" aria-label="Coach's summary">
      <p>{tallyLine('', summary, totalCostText(summary.totalCost))}</p>
      {summary.costliest.length > 0 && (
        <ol class="coach-costliest" aria-label="The costliest decisions">
          {summary.costliest.map(({ index, rating }) => {
            const number = decisionOf[index]!;
            const decision = view.decisions[number]!;
            return (
              <li key={number}>
                <p>{`${costlyDecisionText(number, rating, cardName)}.${ruleCitation(rating.rule)}`}</p>
                <div class="buttons">
                  <button type="button" aria-expanded={shown === number} onClick={() => setShown(shown === number ? null : number)}>
                    {`Show decision ${String(number + 1)}`}
                  </button>
                  <a href={replayHref(decision.index)}>{`Replay from decision ${String(number + 1)}`}</a>
                </div>
                {shown === number && (
                  <div class="coach-point">
                    <p>{`On the ${cardName(decision.observation.top)}, your hand: ${decision.observation.hand.map(cardName).join(', ')}.`}</p>
                    <CardChances rating={rating} number={number + 1} />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
