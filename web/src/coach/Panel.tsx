/**
 * The coach's pieces every game page shares: the toggles, the rating of the last decision (every
 * choice the person had with its value, theirs marked with its verdict and cost), the training
 * warning that asks before a costly decision, and the summary after the game. They only show what
 * a page gives them: the game modules' coaches (src/games/<game>/coach.ts) rate and word.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import './coach.css';
import type { Verdict } from '../../../src/core/coach.js';
import type { CoachState } from './state.js';

/** The two toggles: Coach (rate each decision after it) and Training (the coach, and a warning before a costly one). */
export function CoachToggles({ state, onChange }: { state: CoachState; onChange: (next: CoachState) => void }) {
  const { coach, training } = state;
  return (
    <div class="coach-toggles">
      <label class="switch">
        <input type="checkbox" checked={coach} onChange={(event) => onChange({ coach: event.currentTarget.checked, training: event.currentTarget.checked && training })} />
        Coach
      </label>
      <label class="switch">
        <input type="checkbox" checked={training} onChange={(event) => onChange({ coach: coach || event.currentTarget.checked, training: event.currentTarget.checked })} />
        Training
      </label>
    </div>
  );
}

/** One choice the person had: its name, its value as shown and in words, and whether it is theirs or the best. */
export interface CoachChoice {
  readonly name: string;
  /** Drawn before the name, e.g. the card's face. */
  readonly icon?: ComponentChildren;
  readonly value: string;
  readonly words: string;
  /** Colours the value: a Connect Four outcome, or nothing. */
  readonly tone?: 'win' | 'draw' | 'loss' | 'unknown';
  readonly chosen: boolean;
  readonly best: boolean;
}

/** The rating of the person's last decision, or the word that it is being computed. */
export interface ShownRating {
  /** e.g. `Move 7: you played column 3` (shown with the verdict). */
  readonly what: string;
  /** null while the rating is computed (or when the coach failed: see `failed`). */
  readonly verdict: Verdict | null;
  /** The coach could not rate it (its worker failed). */
  readonly failed?: boolean;
  /** The verdict in words, e.g. `a mistake, it turns a win into a loss (cost 3 points; best 4)`. */
  readonly judgement: string;
  readonly choices: readonly CoachChoice[];
}

const VERDICT_MARK: Record<Verdict, string> = { best: '✓ best', inaccuracy: '?! inaccuracy', mistake: '?? mistake' };

/** Every choice of a rated decision in a table named by `caption`: its value and words, the person's marked with the verdict, the best marked. */
export function CoachChoices({ verdict, choices, caption }: { verdict: Verdict; choices: readonly CoachChoice[]; caption: string }) {
  return (
    <table class="coach-choices">
      <caption>{caption}</caption>
      <tbody>
        {choices.map((choice) => (
          <tr key={choice.name} class={choice.chosen ? `chosen coach-${verdict}` : choice.best ? 'best' : ''}>
            <th scope="row">
              {choice.icon}
              {choice.name}
            </th>
            <td class="coach-value" data-tone={choice.tone ?? ''}>
              {choice.value}
            </td>
            <td>{choice.words}</td>
            <td class="coach-mark">{choice.chosen ? `your choice: ${VERDICT_MARK[verdict]}` : choice.best ? 'best' : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The coach's box: the last decision rated (or being rated), with how to read the values. */
export function CoachPanel({ rating, legend, idle, caption = 'Every choice you had' }: { rating: ShownRating | null; legend: string; idle: string; caption?: string }) {
  const verdictLine =
    rating === null
      ? idle
      : rating.verdict !== null
        ? `${rating.what}: ${rating.judgement}.`
        : rating.failed === true
          ? `${rating.what}: the coach could not rate it.`
          : `${rating.what}: rating it…`;
  return (
    <section class="coach" aria-label="Coach">
      <h2>Coach</h2>
      <p class={`coach-verdict${rating?.verdict == null ? '' : ` coach-${rating.verdict}`}`} aria-live="polite">
        {verdictLine}
      </p>
      {rating !== null && rating.verdict !== null && <CoachChoices verdict={rating.verdict} choices={rating.choices} caption={caption} />}
      <p class="hint">{legend}</p>
    </section>
  );
}

/**
 * Training's question before a costly decision: what it would cost, then play it anyway or choose
 * again. The first button takes the focus, so Enter plays and Escape (or Choose again) returns.
 */
export function TrainingWarning({ message, confirmLabel, onConfirm, onCancel }: { message: string; confirmLabel: string; onConfirm: () => void; onCancel: () => void }) {
  const first = useRef<HTMLButtonElement>(null);
  // Focused before the dialog is painted (a layout effect, not an effect that runs a frame later),
  // so an Enter pressed the moment the warning shows confirms it instead of falling to the page.
  useLayoutEffect(() => first.current?.focus(), [message]);
  return (
    <div
      class="coach-warning"
      role="alertdialog"
      aria-label="Coach's warning"
      aria-describedby="coach-warning-text"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id="coach-warning-text">{message}</p>
      <div class="buttons">
        <button type="button" ref={first} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Choose again
        </button>
      </div>
    </div>
  );
}

/** A costly decision in the summary: what it was, the rule it broke (cited), and how to return to it. */
export interface CostlyDecision {
  readonly what: string;
  readonly rule: string;
  readonly replayLabel: string;
  /** Returns to the decision: a button that calls `onReplay`, or a link to `replayHref` (a page whose game lives in its address). */
  readonly onReplay?: () => void;
  readonly replayHref?: string;
  /** The position of the decision, shown on demand by a button labelled `label` (e.g. `Show decision 2`). */
  readonly detail?: { readonly label: string; readonly content: ComponentChildren };
}

/** One player's part of the summary: the tally line, then the costliest decisions. */
export interface SummaryPart {
  readonly line: string;
  readonly costliest: readonly CostlyDecision[];
}

/** The summary after the game: for each player who decided (one, or two people at one board), the tally and the costliest decisions, each with a way back to it. */
export function CoachSummary({ parts }: { parts: readonly SummaryPart[] }) {
  const [shown, setShown] = useState<string | null>(null);
  return (
    <section class="coach-summary" aria-label="Coach's summary">
      <h2>Coach's summary</h2>
      {parts.map((part) => (
        <div key={part.line}>
          <p>{part.line}</p>
          {part.costliest.length > 0 && (
            <ol aria-label="The costliest decisions">
              {part.costliest.map((decision) => (
                <li key={decision.what}>
                  {decision.what}.{decision.rule}
                  {/* The ways back on a line of their own, each kept whole (a label never wraps under its button). */}
                  <div class="coach-returns">
                    {decision.detail !== undefined && (
                      <button type="button" aria-expanded={shown === decision.what} onClick={() => setShown(shown === decision.what ? null : decision.what)}>
                        {decision.detail.label}
                      </button>
                    )}
                    {decision.replayHref !== undefined ? (
                      <a href={decision.replayHref}>{decision.replayLabel}</a>
                    ) : (
                      <button type="button" onClick={decision.onReplay}>
                        {decision.replayLabel}
                      </button>
                    )}
                  </div>
                  {decision.detail !== undefined && shown === decision.what && <div class="coach-point">{decision.detail.content}</div>}
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
    </section>
  );
}

/** The summary's place while the coach still rates the last decisions. */
export function CoachSummaryPending({ text = "Coach's summary: rating the last decisions…" }: { text?: string }) {
  return (
    <section class="coach-summary" aria-label="Coach's summary">
      <p aria-live="polite">{text}</p>
    </section>
  );
}
