/**
 * The ratings a page's coach keeps for the game on show, for the coaches whose worker sits behind a
 * `RatingQueue` (rating-queue.ts): what the worker has answered, by rating key; what to ask it for
 * next, most urgent first; and the latency of each rating as the person sees it.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { RatingJob, RatingListener } from './rating-queue.js';

/** The page's side of a coach's worker, as the hook drives it. */
export interface RatingClient<Job extends RatingJob> {
  want(jobs: readonly Job[]): void;
  dispose(): void;
}

/** What the worker has answered, by rating key: the answer, or null when the coach failed. */
export type KnownRatings<Answer> = ReadonlyMap<string, Answer | null>;

/**
 * How a game's coach rates a `Choice` (a choice the person made or may make: its position and its
 * move); a `Wanted` choice also holds what a job asking for its rating needs. `Answer` is what one
 * job brings back; `R` is one choice's rating read from the answers.
 */
export interface CoachRatingsSetup<Choice, Wanted extends Choice, Answer, R, Job extends RatingJob> {
  /** Makes the page's side of the worker (once, for the page's life). */
  readonly client: (listener: RatingListener<Answer>) => RatingClient<Job>;
  /** The coach is on; when off nothing is asked for and nothing is measured. */
  readonly enabled: boolean;
  /** The person's decisions, oldest first. */
  readonly decisions: readonly Wanted[];
  /** The choice training waits on, asked for before anything else. */
  readonly urgent: Wanted | null;
  /** Jobs for the position the person is at, asked for last, so its rating is often ready when they choose. */
  readonly ahead: readonly Job[];
  /** Names a choice's rating (latencies are kept by it). */
  readonly keyOf: (choice: Choice) => string;
  /** A choice's rating among the answers: undefined while not known, null when the coach failed. */
  readonly ratingOf: (known: KnownRatings<Answer>, choice: Choice) => R | null | undefined;
  /** The job that would bring a choice's rating, or null when none would (it is known, or its position failed). */
  readonly jobOf: (known: KnownRatings<Answer>, choice: Wanted) => Job | null;
  /** What `performance.measure` names the time from a decision to its rating on the page. */
  readonly measure: string;
}

export interface CoachRatings<Choice, R> {
  /** Each decision's rating, or undefined while it is computed, or null when the coach failed. */
  readonly ratings: readonly (R | null | undefined)[];
  /** Any choice's rating (undefined while not known, null when the coach failed). */
  ratingOf(choice: Choice): R | null | undefined;
  /** Call just before the person makes `choice`: its rating's latency is measured from then. */
  played(choice: Choice): void;
}

export function useCoachRatings<Choice, Wanted extends Choice, Answer, R, Job extends RatingJob>(setup: CoachRatingsSetup<Choice, Wanted, Answer, R, Job>): CoachRatings<Choice, R> {
  const { enabled, decisions, urgent, ahead, keyOf, measure } = setup;
  const [known, setKnown] = useState<KnownRatings<Answer>>(new Map());
  const playedAt = useRef(new Map<string, { readonly choice: Choice; readonly start: number }>());
  const client = useMemo(
    () =>
      setup.client({
        rated: (key, answer) => setKnown((map) => new Map(map).set(key, answer)),
        failed: (key) => setKnown((map) => new Map(map).set(key, null)),
      }),
    [],
  );
  useEffect(() => () => client.dispose(), [client]);

  const ratingOf = (choice: Choice): R | null | undefined => setup.ratingOf(known, choice);

  // What to rate, most urgent first: the choice training waits on, the decisions made (newest
  // first), then the position the person is at. A job already known or already asked for is left out.
  const jobs: Job[] = [];
  const add = (job: Job | null): void => {
    if (job !== null && !known.has(job.key) && !jobs.some((other) => other.key === job.key)) jobs.push(job);
  };
  if (enabled) {
    if (urgent !== null) add(setup.jobOf(known, urgent));
    for (let i = decisions.length - 1; i >= 0; i--) add(setup.jobOf(known, decisions[i]!));
    for (const job of ahead) add(job);
  }
  // A job's key names all it asks for, so the queue changes only when the keys do.
  const jobKeys = jobs.map((job) => job.key).join('\n');
  useEffect(() => {
    client.want(jobs);
  }, [client, jobKeys]);

  // The latency of a rating as the person sees it: from their decision to the rating on the page
  // (at once when it was ready before the decision: then the page shows it as it shows the decision).
  useEffect(() => {
    for (const [key, { choice, start }] of playedAt.current) {
      if (ratingOf(choice) === undefined) continue;
      performance.measure(measure, { start, end: performance.now() });
      playedAt.current.delete(key);
    }
  });

  return {
    ratings: decisions.map(ratingOf),
    ratingOf,
    played: (choice) => {
      if (enabled) playedAt.current.set(keyOf(choice), { choice, start: performance.now() });
    },
  };
}

/** What a game page reads of its coach: the person's decisions with their ratings, and the position they are at. */
export interface CoachView<Decision, Move, R> {
  /** The person's decisions that had a choice (moves the page or a stand-in made left out). */
  readonly decisions: readonly Decision[];
  /** Each decision's rating, or undefined while it is computed, or null when the coach failed. */
  readonly ratings: readonly (R | null | undefined)[];
  /** The rating of `move` in the position the person is at (prefetched, or asked for by training). */
  ratingNow(move: Move): R | null | undefined;
  /** Call just before the person's move number `index` (`move`) is made: its rating's latency is measured from then. */
  played(index: number, move: Move): void;
}
