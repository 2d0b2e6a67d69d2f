/**
 * The ConnectFwar page: the person's deal (its moves live in the address) and, beside it, any
 * built-in strategy playing the same deal step by step. The rules are the engine's
 * (`ConnectFwarState`); the board only shows cards and reports clicks.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { CardFace } from '../cards/Card.js';
import { cardName, cardShort } from '../cards/names.js';
import { PageHeader } from '../Problems.js';
import { RestartAndNew } from '../RestartAndNew.js';
import { useLatestState } from '../latest.js';
import { parseDealNumber } from '../seed.js';
import { usePlayKeys } from '../keys.js';
import { Board } from './Board.js';
import {
  DISCARD,
  SPEEDS,
  STRATEGIES,
  boardCells,
  illegalReason,
  legalColumns,
  outcomeText,
  parseSearch,
  replayDeal,
  strategyMoves,
  toSearch,
  winningCells,
  type Speed,
} from './model.js';
import { OpenRecord } from '../replay/OpenRecord.js';
import { CoachPanel, CoachSummary, CoachSummaryPending, CoachToggles, TrainingWarning, type ShownRating } from '../coach/Panel.js';
import { COACH_OFF, type CoachState } from '../coach/state.js';
import type { Rating } from '../../../src/games/connect-fwar/coach.js';
import { FwarCoachClient } from './coach-client.js';
import { decisionName, fwarChoices, fwarSummary, judgementText, moveWords, nextToRate, positionKey, ratingOf, type Decision, type RatingCache } from './coach-view.js';

export function ConnectFwarPage() {
  const initial = useMemo(() => parseSearch(location.search), []);
  const [seed, setSeed] = useState(initial.state.seed);
  const [moves, setMoves, latest] = useLatestState<readonly number[]>(initial.state.moves);
  const [problems, setProblems] = useState(initial.problems);
  const [notice, setNotice] = useState('');
  const [strategy, setStrategy] = useState(initial.state.strategy);
  const [speed, setSpeed] = useState<Speed>(initial.state.speed);
  const [step, setStep] = useState(0);
  const [running, setRunning] = useState(false);
  const [seedText, setSeedText] = useState(String(initial.state.seed));
  const [coach, setCoach] = useState<CoachState>(initial.state.coach ?? COACH_OFF);
  const [ratings, setRatings] = useState<RatingCache>(new Map());
  const latestRatings = useRef<RatingCache>(ratings);
  latestRatings.current = ratings;
  // Training: a move the person chose, held back until the coach has rated it (rating null) or they confirm it.
  const [warning, setWarning] = useState<(Decision & { readonly seed: number; readonly rating: Rating | null }) | null>(null);
  const coachClient = useRef<FwarCoachClient | null>(null);
  coachClient.current ??= new FwarCoachClient();
  const coachInFlight = useRef<string | null>(null);

  useLayoutEffect(() => {
    history.replaceState(null, '', location.pathname + toSearch({ seed, moves, strategy, speed, coach }));
  }, [seed, moves, strategy, speed, coach]);

  const state = useMemo(() => replayDeal(seed, moves), [seed, moves]);
  const over = state.isTerminal();
  const outcome = outcomeText(state);

  /** Places the card (or discards it); with Training on, a costly move waits for the person's confirmation (`confirmed`). */
  const play = (move: number, confirmed = false): void => {
    const current = replayDeal(seed, latest.current);
    if (current.isTerminal()) {
      setNotice('This deal is over: start a new deal, or undo.');
      return;
    }
    const why = illegalReason(current, move);
    if (why !== null) {
      setNotice(`${why.charAt(0).toUpperCase()}${why.slice(1)}.`);
      return;
    }
    if (coach.training && !confirmed) {
      const decision = { before: latest.current, move };
      const rating = ratingOf(latestRatings.current, seed, decision);
      if (rating?.verdict !== 'best') {
        setWarning({ ...decision, seed, rating });
        return;
      }
    }
    setWarning(null);
    setNotice(move === DISCARD ? `Discarded ${cardShort(current.drawn)}.` : '');
    setMoves([...latest.current, move]);
  };

  // The coach: rates the person's decisions in its worker, one at a time, the most urgent first
  // (see nextToRate); a rating still wanted is never restarted.
  const sameMoves = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((move, index) => move === b[index]);
  // A warning belongs to its position, and only while Training is on.
  const shownWarning = coach.training && warning !== null && warning.seed === seed && sameMoves(warning.before, moves) ? warning : null;
  const toRate = coach.coach ? nextToRate(seed, moves, ratings, !over) : null;
  const toRateKey = toRate === null ? null : positionKey(seed, toRate);
  useEffect(() => {
    if (toRate === null || toRateKey === null || coachInFlight.current === toRateKey) return;
    coachInFlight.current = toRateKey;
    void coachClient.current!.rateEveryMove(replayDeal(seed, toRate), seed, toRate.length).then((rated) => {
      if (coachInFlight.current === toRateKey) coachInFlight.current = null;
      if (rated !== null) setRatings((current) => new Map(current).set(toRateKey, rated));
    });
  }, [toRateKey]);

  // Training: once the held-back move is rated, play it if it is the best, else ask.
  useEffect(() => {
    if (shownWarning === null || shownWarning.rating !== null) return;
    const rating = ratingOf(ratings, seed, shownWarning);
    if (rating === null) return;
    if (rating.verdict === 'best') {
      setWarning(null);
      play(shownWarning.move, true);
    } else setWarning({ ...shownWarning, rating });
  }, [shownWarning, ratings]);

  useEffect(() => () => coachClient.current?.cancel(), []);

  // Keys 1-4 play a column, D discards.
  usePlayKeys((key) => {
    if (key === 'd') play(DISCARD);
    else if (/^[1-4]$/.test(key)) play(Number(key) - 1);
    else return false;
    return true;
  });

  const openDeal = (next: number): void => {
    setWarning(null);
    setSeed(next);
    setSeedText(String(next));
    setMoves([]);
    setNotice('');
    setStep(0);
    setRunning(false);
  };

  // The strategy's game: all its moves on this deal, shown one step at a time.
  const plan = useMemo(() => strategyMoves(seed, strategy), [seed, strategy]);
  const shown = useMemo(() => replayDeal(seed, plan.slice(0, step)), [seed, plan, step]);
  useEffect(() => {
    if (!running) return;
    if (step >= plan.length) {
      setRunning(false);
      return;
    }
    const timer = setTimeout(() => setStep(step + 1), SPEEDS[speed]);
    return () => clearTimeout(timer);
  }, [running, step, plan, speed]);
  const lastMove = step > 0 ? plan[step - 1]! : null;
  const lastCard = step > 0 ? replayDeal(seed, plan.slice(0, step - 1)).drawn : null;
  const strategyOutcome = outcomeText(shown);
  const strategyStatus =
    strategyOutcome !== null
      ? `${strategy}: ${strategyOutcome}`
      : `${strategy}: ${String(step)} of the deal's cards handled, ${cardShort(shown.drawn)} in hand, ${String(shown.remaining)} cards left`;

  const scores = useMemo(() => STRATEGIES.map((s) => ({ ...s, score: replayDeal(seed, strategyMoves(seed, s.id)).score })), [seed]);

  // The coach's panel: the latest decision, rated or being rated; after the deal, the summary.
  const lastIndex = moves.length - 1;
  const lastRating = lastIndex < 0 ? null : ratingOf(ratings, seed, { before: moves.slice(0, lastIndex), move: moves[lastIndex]! });
  const shownRating: ShownRating | null =
    lastIndex < 0
      ? null
      : {
          what: decisionName(lastIndex, moves[lastIndex]!),
          verdict: lastRating?.verdict ?? null,
          judgement: lastRating === null ? '' : judgementText(lastRating),
          choices: lastRating === null ? [] : fwarChoices(lastRating),
        };
  const deal = moves.map((move, index) => ratingOf(ratings, seed, { before: moves.slice(0, index), move }));
  const summary = over && coach.coach && moves.length > 0 && deal.every((rating) => rating !== null) ? fwarSummary(deal as Rating[]) : null;

  const status = outcome !== null ? `Deal over: ${outcome}` : `Place the ${cardName(state.drawn)}: ${String(state.remaining)} cards left`;

  return (
    <main class="connect-fwar">
      <PageHeader title="ConnectFwar" problems={problems} onDismiss={() => setProblems([])} />

      <div class="layout">
        <section class="play-area" aria-label="Your deal">
          <p role="status" aria-live="polite" class="status">
            {status}
          </p>
          <div class="fwar-hand">
            <div class="fwar-hand-card">
              <span class="fwar-caption">In hand</span>
              {over ? <span class="card empty" aria-label="No card in hand" role="img" /> : <CardFace card={state.drawn} />}
            </div>
            <p class="fwar-count">
              <span class="fwar-big">{state.remaining}</span> cards left
              {over && (
                <>
                  <br />
                  <span class="fwar-caption">Your score </span>
                  <output class="fwar-big" aria-label="Your score">
                    {state.score}
                  </output>
                </>
              )}
            </p>
          </div>
          <p class="notice" aria-live="polite">
            {notice}
          </p>
          <Board cells={boardCells(state)} playable={over ? [] : legalColumns(state)} winning={winningCells(state)} label="Board" onPlay={(move) => play(move)} />
          <div class="buttons fwar-actions">
            <button type="button" onClick={() => play(DISCARD)} disabled={over}>
              Discard
            </button>
            <button type="button" onClick={() => setMoves(latest.current.slice(0, -1))} disabled={moves.length === 0}>
              Undo
            </button>
            <RestartAndNew unit="deal" seed={seed} started={moves.length > 0} open={openDeal} />
          </div>
          {shownWarning !== null && (
            <TrainingWarning
              message={shownWarning.rating === null ? `Coach: checking ${moveWords(shownWarning.move)}…` : `Coach: ${moveWords(shownWarning.move)} would be ${judgementText(shownWarning.rating)}.`}
              confirmLabel={shownWarning.move === DISCARD ? 'Discard anyway' : `Play column ${String(shownWarning.move + 1)} anyway`}
              onConfirm={() => play(shownWarning.move, true)}
              onCancel={() => setWarning(null)}
            />
          )}
          <CoachToggles state={coach} onChange={setCoach} />
          {coach.coach && (
            <CoachPanel
              rating={shownRating}
              caption="Every move you had: expected final score"
              idle="After each of your moves, the coach gives the expected final score of every move you had."
              legend="Expected final score: the average over up to a thousand orders of the cards you have not seen (fewer once one move is clearly best), the rest of the deal played by the greedy strategy. A mistake gives up a point or more; an inaccuracy less; a choice is marked only when the best move's lead is beyond the sampling error."
            />
          )}
          {coach.coach &&
            over &&
            moves.length > 0 &&
            (summary === null ? (
              <CoachSummaryPending />
            ) : (
              <CoachSummary
                parts={[
                  {
                    line: summary.line,
                    costliest: summary.costliest.map((decision) => ({
                      what: decision.what,
                      rule: decision.rule,
                      replayLabel: `Back to card ${String(decision.index + 1)}`,
                      onReplay: () => {
                        setWarning(null);
                        setNotice('');
                        setMoves(latest.current.slice(0, decision.index));
                      },
                    })),
                  },
                ]}
              />
            ))}
          <p class="hint">
            Click a column or press 1–4 to place the card; Discard or D throws it away. A card goes on an empty column or on a card of its own rank or lower. Four
            cards in a line (row, column or diagonal) connect when each neighbour shares the suit or the rank, or is one rank apart; your score is the cards
            left then.
          </p>
          <form
            class="field fwar-seed"
            onSubmit={(event) => {
              event.preventDefault();
              const value = parseDealNumber(seedText);
              if (value !== null) openDeal(value);
              else setNotice(`"${seedText}" is not a deal number: a whole number from 0 to ${String(Number.MAX_SAFE_INTEGER)}.`);
            }}
          >
            <label for="deal-number">Deal number</label>
            <span class="fwar-row">
              <input id="deal-number" inputMode="numeric" value={seedText} onInput={(event) => setSeedText(event.currentTarget.value)} />
              <button type="submit">Open deal</button>
            </span>
          </form>
        </section>

        <section class="controls fwar-strategy" aria-label="Let a strategy play">
          <h2>Let a strategy play</h2>
          <div class="field">
            <label for="strategy">Strategy</label>
            <select
              id="strategy"
              value={strategy}
              aria-describedby="strategy-note"
              onChange={(event) => {
                setStrategy(event.currentTarget.value);
                setStep(0);
                setRunning(false);
              }}
            >
              {STRATEGIES.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id}
                </option>
              ))}
            </select>
            {/* The description below, where it can wrap: in the list it would be cut off at the select's width. */}
            <p class="field-note" id="strategy-note">
              {STRATEGIES.find((s) => s.id === strategy)?.description}
            </p>
          </div>
          <div class="buttons">
            <button
              type="button"
              onClick={() => {
                if (!running && step >= plan.length) setStep(0);
                setRunning(!running);
              }}
            >
              {running ? 'Pause' : 'Play'}
            </button>
            <button type="button" onClick={() => setStep(Math.min(plan.length, step + 1))} disabled={running || step >= plan.length}>
              Step
            </button>
            <button
              type="button"
              onClick={() => {
                setRunning(false);
                setStep(0);
              }}
              disabled={step === 0}
            >
              Back to the start
            </button>
          </div>
          <div class="field">
            <label for="speed">Speed</label>
            <select id="speed" value={speed} onChange={(event) => setSpeed(event.currentTarget.value as Speed)}>
              {(Object.keys(SPEEDS) as Speed[]).map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
            </select>
          </div>
          <p class="status" role="status" aria-label="Strategy" aria-live="polite">
            {strategyStatus}
          </p>
          <p class="hint">
            {lastMove === null || lastCard === null
              ? 'Same deal, same cards: press Play or Step.'
              : lastMove === DISCARD
                ? `Last: discarded ${cardShort(lastCard)}.`
                : `Last: ${cardShort(lastCard)} on column ${String(lastMove + 1)}.`}
          </p>
          <Board cells={boardCells(shown)} playable={[]} winning={winningCells(shown)} label={`${strategy}'s board`} />
          {over && (
            <table class="fwar-scores">
              <caption>Scores on deal {seed}</caption>
              <tbody>
                <tr class="you">
                  <th scope="row">You</th>
                  <td>{state.score}</td>
                </tr>
                {scores.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{s.id}</th>
                    <td>{s.score}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
      <OpenRecord game="connect-fwar" />
    </main>
  );
}
