/**
 * The /lab page's sequential test: is player A better than player B? The same test as
 * `tabletop <game> sprt` (src/lab/sprt-run.ts), played by the page's worker pool with the test's
 * looks kept by `inRounds`, so a seed gives the command's verdict, games and LLR exactly. The LLR
 * shows as the looks come in. Connect Four's pairs start from the game's opening suite (pair i
 * from opening i, both colours), as the command's do, so the page plays the command's games.
 */
import { useState } from 'preact/hooks';
import { GAMES } from '../../../src/lab/registry.js';
import { runLab } from '../../../src/lab/session.js';
import { inRounds, runSprt, type SprtOutcome } from '../../../src/lab/sprt-run.js';
import { sprtBounds, type SprtLook, type SprtSettings } from '../../../src/lab/sprt.js';
import { newSeed } from '../seed.js';
import { hardwareThreads, webWorkerExecutor } from './pool.js';
import { useCancellableRun } from './cancellable-run.js';

/** The games the page tests: those whose definition names a default test (A, B, --every, --max-games, as the command's). */
const TESTED_GAMES = Object.values(GAMES).filter((game) => game.defaultSprt !== undefined);

/** Pairs between two looks when the game sets none (the command's default --every). */
const DEFAULT_EVERY = 100;

/** The form a game starts with: its default test, the hypotheses of its kind, its first opening suite. */
function formOf(game: (typeof TESTED_GAMES)[number], seed: number): Form {
  const { a, b, maxGames } = game.defaultSprt!;
  return { game: game.id, a, b, h0: 0, h1: game.numPlayers === 2 ? 5 : 1, alpha: 0.05, beta: 0.05, maxGames, seed, openings: Object.keys(game.openings ?? {})[0] };
}

const signed = (x: number): string => (x >= 0 ? `+${x.toFixed(2)}` : x.toFixed(2));

interface Form {
  game: string;
  a: string;
  b: string;
  h0: number;
  h1: number;
  alpha: number;
  beta: number;
  maxGames: number;
  seed: number;
  /** The opening suite pairs start from, for a game that has suites (Connect Four). */
  openings: string | undefined;
}

interface Running {
  readonly pairs: number;
  readonly llr: number | undefined;
}

/** A number field: keeps the last valid value, and says what it accepts. */
function NumberField({ label, value, min, max, step, disabled, onChange }: { label: string; value: number; min?: number; max?: number; step?: number | 'any'; disabled: boolean; onChange: (n: number) => void }) {
  return (
    <label class="field">
      {label}
      <input
        type="number"
        value={value}
        min={min}
        max={max}
        step={step ?? 'any'}
        disabled={disabled}
        onChange={(e) => {
          const n = Number(e.currentTarget.value);
          if (e.currentTarget.value.trim() !== '' && Number.isFinite(n) && (min === undefined || n >= min) && (max === undefined || n <= max)) onChange(n);
        }}
      />
    </label>
  );
}

export function SprtSection() {
  // The first two-player game the page tests (UnoWar): a test between two players is the common case.
  const [form, setForm] = useState<Form>(() => formOf(TESTED_GAMES.find((game) => game.numPlayers === 2 && game.openings === undefined) ?? TESTED_GAMES[0]!, newSeed()));
  const [running, setRunning] = useState<Running | null>(null);
  const [outcome, setOutcome] = useState<SprtOutcome | null>(null);
  const { error, setError, start, cancel } = useCancellableRun();
  const game = GAMES[form.game]!;
  const twoPlayer = game.numPlayers === 2;
  const agents = Object.keys(game.agents).filter((id) => game.agents[id]!.seesHidden !== true);
  const update = (change: Partial<Form>): void => setForm((f) => ({ ...f, ...change }));
  const [low, high] = sprtBounds(form.alpha, form.beta);
  const every = game.defaultSprt?.every ?? DEFAULT_EVERY;
  const suites = Object.keys(game.openings ?? {});

  const run = async (): Promise<void> => {
    if (running !== null) return;
    if (!(form.h1 > form.h0)) {
      setError(`${twoPlayer ? 'Elo' : 'Points'} under H1 must be above H0's.`);
      return;
    }
    const settings: SprtSettings = {
      kind: twoPlayer ? 'elo' : 'mean',
      h0: form.h0,
      h1: form.h1,
      alpha: form.alpha,
      beta: form.beta,
      every,
      ...(twoPlayer ? {} : { spread: game.scoreRange[1] - game.scoreRange[0] }),
      ...(form.openings === undefined ? {} : { openings: form.openings }),
    };
    const threads = hardwareThreads();
    await start(async (signal) => {
      setOutcome(null);
      setRunning({ pairs: 0, llr: undefined });
      const result = await runSprt(
        {
          game: form.game,
          a: form.a,
          b: form.b,
          settings,
          maxPairs: Math.max(1, Math.floor(form.maxGames / 2)),
          seed: form.seed,
          threads,
          signal,
          onLook: (look: SprtLook) => setRunning({ pairs: look.pairs, llr: look.llr }),
          onProgress: (played) => setRunning((r) => ({ pairs: Math.floor(played / 2), llr: r?.llr })),
        },
        (lab) => runLab(lab, inRounds(webWorkerExecutor(threads))),
      );
      setOutcome(result);
    }, () => setRunning(null));
  };

  const unit = twoPlayer ? 'pair' : 'deal';
  const busy = running !== null;
  return (
    <section class="lab-sprt" aria-labelledby="sprt-title">
      <h2 id="sprt-title">Is A better than B? A sequential test</h2>
      <p class="hint">
        {form.openings !== undefined
          ? 'Games in pairs (the same opening twice, colours swapped), until the log-likelihood ratio crosses a bound: as '
          : twoPlayer
          ? 'Games in pairs (the same deal twice, seats swapped), until the log-likelihood ratio crosses a bound: as '
          : 'A and B on the same deals, until the log-likelihood ratio crosses a bound: as '}
        <code>
          tabletop {form.game} sprt --a {form.a} --b {form.b} {form.openings === undefined ? '' : `--openings ${form.openings} `}{twoPlayer ? `--elo0 ${String(form.h0)} --elo1 ${String(form.h1)}` : `--delta0 ${String(form.h0)} --delta1 ${String(form.h1)}`} --alpha {String(form.alpha)} --beta{' '}
          {String(form.beta)} --max-games {String(form.maxGames)} --seed {String(form.seed)}
        </code>
      </p>
      <form
        class="lab-form"
        aria-label="Sequential test"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <label class="field">
          Test game
          <select
            value={form.game}
            disabled={busy}
            onChange={(e) => {
              const { alpha, beta, seed } = form;
              update({ ...formOf(GAMES[e.currentTarget.value]!, seed), alpha, beta });
            }}
          >
            {TESTED_GAMES.map(({ id, title }) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
        </label>
        {form.openings !== undefined && (
          <label class="field">
            Opening suite
            <select value={form.openings} disabled={busy} onChange={(e) => update({ openings: e.currentTarget.value })}>
              {suites.map((name) => (
                <option key={name} value={name}>
                  {name} ({String(game.openings![name]!.length)} openings)
                </option>
              ))}
            </select>
          </label>
        )}
        <div class="lab-numbers">
          {(['a', 'b'] as const).map((side) => (
            <label key={side} class="field">
              Player {side.toUpperCase()}
              <select value={form[side]} disabled={busy} onChange={(e) => update({ [side]: e.currentTarget.value })}>
                {agents.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <div class="lab-numbers">
          <NumberField label={twoPlayer ? 'H0: Elo of A over B' : 'H0: points A − B per deal'} value={form.h0} disabled={busy} onChange={(h0) => update({ h0 })} />
          <NumberField label={twoPlayer ? 'H1: Elo of A over B' : 'H1: points A − B per deal'} value={form.h1} disabled={busy} onChange={(h1) => update({ h1 })} />
          <NumberField label="Alpha" value={form.alpha} min={0.0001} max={0.4999} disabled={busy} onChange={(alpha) => update({ alpha })} />
          <NumberField label="Beta" value={form.beta} min={0.0001} max={0.4999} disabled={busy} onChange={(beta) => update({ beta })} />
          <NumberField label="Most games" value={form.maxGames} min={2} max={20_000_000} step={2} disabled={busy} onChange={(maxGames) => update({ maxGames })} />
          <NumberField label="Test seed" value={form.seed} min={0} max={Number.MAX_SAFE_INTEGER} step={1} disabled={busy} onChange={(seed) => update({ seed })} />
        </div>
        <div class="buttons">
          <button type="submit" class="primary" disabled={busy}>
            Start the test
          </button>
          <button type="button" disabled={!busy} onClick={cancel}>
            Stop the test
          </button>
        </div>
      </form>
      {/* Announced as it changes, but not a second status of the page (the experiment's progress is that). */}
      <p class="hint" aria-live="polite">
        {running === null
          ? ''
          : `${running.pairs.toLocaleString('en-US')} ${unit}s played · LLR ${running.llr === undefined ? '—' : signed(running.llr)} (bounds ${low.toFixed(2)}, ${signed(high)}), a look every ${String(every)} ${unit}s`}
      </p>
      {error !== '' && (
        <p class="problems" role="alert">
          {error}
        </p>
      )}
      {outcome !== null && <Verdict outcome={outcome} twoPlayer={twoPlayer} />}
    </section>
  );
}

function Verdict({ outcome, twoPlayer }: { readonly outcome: SprtOutcome; readonly twoPlayer: boolean }) {
  const verdict = outcome.result === 'inconclusive' ? (outcome.lab.aborted ? 'Stopped before a decision' : 'Inconclusive at the most games') : `${outcome.result} accepted`;
  const { value, ci } = outcome.estimate;
  const digits = twoPlayer ? 1 : 3;
  return (
    <div class="lab-sprt-result" aria-label="Test result">
      <h3>{verdict}</h3>
      <p>
        LLR {signed(outcome.llr)} (bounds {outcome.bounds[0].toFixed(2)}, {signed(outcome.bounds[1])}) after {outcome.games.toLocaleString('en-US')} games in {outcome.pairs.toLocaleString('en-US')}{' '}
        {twoPlayer ? 'pairs' : 'deals'}
      </p>
      <p>
        {twoPlayer ? 'Elo of A over B' : 'Mean score difference A − B per deal'}: {value.toFixed(digits)} (95% CI {ci[0].toFixed(digits)} to {ci[1].toFixed(digits)})
      </p>
    </div>
  );
}
