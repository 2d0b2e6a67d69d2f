/**
 * The ConnectFwar page: the person's deal (its moves live in the address) and, beside it, any
 * built-in strategy playing the same deal step by step. The rules are the engine's
 * (`ConnectFwarState`); the board only shows cards and reports clicks.
 */
import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { CardFace } from '../cards/Card.js';
import { cardName, cardShort } from '../cards/names.js';
import { PageHeader } from '../Problems.js';
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
  newSeed,
  outcomeText,
  parseSearch,
  replayDeal,
  strategyMoves,
  toSearch,
  winningCells,
  type Speed,
} from './model.js';
import { OpenRecord } from '../replay/OpenRecord.js';

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

  useLayoutEffect(() => {
    history.replaceState(null, '', location.pathname + toSearch({ seed, moves, strategy, speed }));
  }, [seed, moves, strategy, speed]);

  const state = useMemo(() => replayDeal(seed, moves), [seed, moves]);
  const over = state.isTerminal();
  const outcome = outcomeText(state);

  const play = (move: number): void => {
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
    setNotice(move === DISCARD ? `Discarded ${cardShort(current.drawn)}.` : '');
    setMoves([...latest.current, move]);
  };

  // Keys 1-4 play a column, D discards.
  usePlayKeys((key) => {
    if (key === 'd') play(DISCARD);
    else if (/^[1-4]$/.test(key)) play(Number(key) - 1);
    else return false;
    return true;
  });

  const openDeal = (next: number): void => {
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
          <Board cells={boardCells(state)} playable={over ? [] : legalColumns(state)} winning={winningCells(state)} label="Board" onPlay={play} />
          <div class="buttons fwar-actions">
            <button type="button" onClick={() => play(DISCARD)} disabled={over}>
              Discard
            </button>
            <button type="button" onClick={() => setMoves(latest.current.slice(0, -1))} disabled={moves.length === 0}>
              Undo
            </button>
            <button type="button" onClick={() => openDeal(seed)} disabled={moves.length === 0}>
              Restart deal
            </button>
            <button type="button" onClick={() => openDeal(newSeed())}>
              New deal
            </button>
          </div>
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
