/**
 * The Connect Four page: owns the game (the moves played and the ones undone), the players and the
 * workers, and keeps the address bar in step. The rules are the engine's `Position`; the board
 * component only shows and reports clicks.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { HEIGHT, WIDTH } from '../../../src/games/connect-four/position.js';
import { Problems } from '../Problems.js';
import { usePlayKeys } from '../keys.js';
import { Board, SolutionRow } from './Board.js';
import { EngineClient, type Analysis } from './engine-client.js';
import { startWarmEngine, takePrestartedEngine, type WarmEngine } from './engine-start.js';
import {
  PLAYER_KINDS,
  TIME_LIMITS_S,
  COMPUTING_ENTRY,
  columnEntry,
  parseSearch,
  playerLabel,
  positionOf,
  toSearch,
  winningCells,
  type ComputerKind,
  type PageState,
  type PlayerKind,
} from './model.js';
import { OpenRecord } from '../replay/OpenRecord.js';
import { CoachPanel, CoachSummary, CoachSummaryPending, CoachToggles, TrainingWarning, type ShownRating } from '../coach/Panel.js';
import { COACH_OFF, type CoachState } from '../coach/state.js';
import { coachChoices, colourSummary, decisionName, humanDecisions, judgementText, movesText, nextToScore, ratingIfPlayed, ratingOf, type ScoreCache } from './coach-view.js';
import type { Rating } from '../../../src/games/connect-four/coach.js';

interface Game {
  readonly moves: readonly number[];
  /** Moves taken back, the next one to redo last. */
  readonly redo: readonly number[];
}

interface Thinking {
  readonly red: boolean;
  readonly deadline: number;
}

/** Both sides computers: a short pause between moves, so that people can follow the game. */
const WATCH_PAUSE_MS = 400;

function colourName(red: boolean): string {
  return red ? 'Red' : 'Yellow';
}

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

export function ConnectFourPage() {
  const initial = useMemo(() => parseSearch(location.search), []);
  const [game, setGameState] = useState<Game>({ moves: initial.state.moves, redo: [] });
  // The latest game, ahead of the render it causes: two clicks or keys that arrive before the page
  // re-renders must each see the other's move, not both play on the same old board.
  const latest = useRef(game);
  const setGame = (next: Game): void => {
    latest.current = next;
    setGameState(next);
  };
  const [red, setRed] = useState<PlayerKind>(initial.state.red);
  const [yellow, setYellow] = useState<PlayerKind>(initial.state.yellow);
  const [timeLimitS, setTimeLimitS] = useState(initial.state.timeLimitS);
  const [problems, setProblems] = useState(initial.problems);
  const [showSolution, setShowSolution] = useState(initial.state.solution);
  const [analyses, setAnalyses] = useState<ReadonlyMap<string, Analysis>>(new Map());
  // The columns settled so far of the analysis in progress, with the position they belong to.
  const [partial, setPartial] = useState<{ readonly key: string; readonly texts: readonly (string | undefined)[] } | null>(null);
  const [thinking, setThinking] = useState<Thinking | null>(null);
  const [notice, setNotice] = useState('');
  const [now, setNow] = useState(() => performance.now());
  const [gameSeed, setGameSeed] = useState(randomSeed);
  const [analysisStarted, setAnalysisStarted] = useState(0);
  const [coach, setCoach] = useState<CoachState>(initial.state.coach ?? COACH_OFF);
  // Every column's score of the positions the coach has scored, by the moves before them.
  const [coachScores, setCoachScores] = useState<ScoreCache>(new Map());
  const latestScores = useRef<ScoreCache>(coachScores);
  latestScores.current = coachScores;
  // Training: a column the person chose, held back until the coach has rated it (rating null) or they confirm it.
  const [warning, setWarning] = useState<{ readonly key: string; readonly column: number; readonly rating: Rating | null } | null>(null);
  const coachInFlight = useRef<string | null>(null);

  const playerClient = useRef<EngineClient | null>(null);
  const solutionClient = useRef<EngineClient | null>(null);
  playerClient.current ??= new EngineClient();
  // Show solution's worker: the one started with the page (main.tsx), then a new one after each
  // cancel, each getting its books and solver ready before it is asked; `solverReadiness` says
  // whether the latest is ready (the switch's data-solver).
  const [solverReadiness, setSolverReadiness] = useState<'starting' | 'ready' | 'failed'>('starting');
  const solutionEngine = useRef<WarmEngine | null>(null);
  solutionClient.current ??= new EngineClient(
    () => {
      const engine = takePrestartedEngine() ?? startWarmEngine();
      solutionEngine.current = engine;
      setSolverReadiness('starting');
      void engine.ready.then((ok) => {
        if (solutionEngine.current === engine) setSolverReadiness(ok ? 'ready' : 'failed');
      });
      return engine.worker;
    },
    // The started-with-the-page worker may already be analysing the address's position.
    (moves) => solutionEngine.current?.takeEarlyAnalysis(moves) ?? null,
  );
  const coachClient = useRef<EngineClient | null>(null);
  coachClient.current ??= new EngineClient();

  const position = useMemo(() => positionOf(game.moves), [game.moves]);
  const movesKey = game.moves.map((column) => String(column + 1)).join('');
  const over = position.isGameOver();
  const redToMove = position.turn;
  const toMove = redToMove ? red : yellow;
  const humanToMove = !over && toMove === 'human';
  const anyHuman = red === 'human' || yellow === 'human';
  const winning = useMemo(() => new Set(winningCells(position).map(([c, r]) => `${String(c)},${String(r)}`)), [position]);

  // The address bar follows the game, so that it can be shared or reloaded (before the paint, so
  // that the address and the board never disagree).
  useLayoutEffect(() => {
    const state: PageState = { moves: game.moves, red, yellow, timeLimitS, solution: showSolution, coach };
    history.replaceState(null, '', location.pathname + toSearch(state));
  }, [game.moves, red, yellow, timeLimitS, showSolution, coach]);

  // The computer's move: asked of the worker whenever it is a computer's turn.
  useEffect(() => {
    if (over || toMove === 'human') return;
    const client = playerClient.current!;
    const limitMs = timeLimitS * 1000;
    const legal = position.legalMoves();
    let cancelled = false;
    const pause = anyHuman ? 0 : WATCH_PAUSE_MS;
    const pauseTimer = setTimeout(() => {
      const started = performance.now();
      setNow(started);
      setThinking({ red: redToMove, deadline: started + limitMs });
      void client.move(movesKey, toMove as ComputerKind, limitMs, legal, (gameSeed + game.moves.length * 0x9e3779b1) >>> 0).then((result) => {
        if (cancelled || result === null) return;
        setThinking(null);
        setNotice(result.how === 'timeout' ? `${colourName(redToMove)} ran out of time and played its quick first choice, column ${String(result.column + 1)}.` : '');
        const current = latest.current;
        if (current.moves.length === game.moves.length) setGame({ moves: [...current.moves, result.column], redo: [] });
      });
    }, pause);
    return () => {
      cancelled = true;
      clearTimeout(pauseTimer);
      client.cancel();
      setThinking(null);
    };
    // movesKey stands for game.moves and position.
  }, [movesKey, toMove, over, timeLimitS, anyHuman, gameSeed]);

  // The countdown while the computer thinks.
  useEffect(() => {
    if (thinking === null) return;
    const timer = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(timer);
  }, [thinking]);

  // Show solution: each column's exact score, computed in its own worker, cancelled when the position changes.
  // A layout effect: the request leaves as soon as the page has rendered, not a frame later (a
  // plain effect waits for the next paint), and the first paint already says "computing".
  const analysis = analyses.get(movesKey);
  useLayoutEffect(() => {
    if (!showSolution || over || analysis !== undefined) return;
    const client = solutionClient.current!;
    let cancelled = false;
    // `now` too: it was last set when something else ticked, so the first second would read as -1.
    const started = performance.now();
    setAnalysisStarted(started);
    setNow(started);
    const ticker = setInterval(() => setNow(performance.now()), 1000);
    setPartial({ key: movesKey, texts: [] });
    // Columns that arrive together (the books answer all seven at once) are shown together: one
    // render a frame, not one a column.
    const arrived: [number, string][] = [];
    let frame: number | null = null;
    const showArrived = (): void => {
      frame = null;
      const settled = arrived.splice(0);
      setPartial((current) => {
        if (current?.key !== movesKey) return current;
        const texts = [...current.texts];
        for (const [column, text] of settled) texts[column] = text;
        return { key: movesKey, texts };
      });
    };
    const onColumn = (column: number, text: string): void => {
      if (cancelled) return;
      arrived.push([column, text]);
      frame ??= requestAnimationFrame(showArrived);
    };
    void client.analyze(movesKey, onColumn).then((scores) => {
      if (cancelled || scores === null) return;
      setAnalyses((current) => new Map(current).set(movesKey, scores));
    });
    return () => {
      cancelled = true;
      clearInterval(ticker);
      if (frame !== null) cancelAnimationFrame(frame);
      client.cancel();
    };
  }, [showSolution, movesKey, over, analysis]);

  const isHuman = (redSide: boolean): boolean => (redSide ? red : yellow) === 'human';

  // The coach: scores the positions of the people's decisions in its own worker, one at a time,
  // the most urgent first (see nextToScore); a request still wanted is never restarted.
  const decisions = useMemo(() => (coach.coach ? humanDecisions(game.moves, isHuman) : []), [coach.coach, movesKey, red, yellow]);
  const warningKey = coach.training && warning?.key === movesKey ? warning.key : null;
  const toScore = coach.coach ? nextToScore(game.moves, decisions, coachScores, humanToMove, warningKey) : null;
  useEffect(() => {
    const client = coachClient.current!;
    if (toScore === null || coachInFlight.current === toScore) return;
    coachInFlight.current = toScore;
    void client.coachScores(toScore).then((columns) => {
      if (coachInFlight.current === toScore) coachInFlight.current = null;
      if (columns !== null) setCoachScores((current) => new Map(current).set(toScore, columns));
    });
  }, [toScore]);

  // Training: once the held-back column is rated, play it if it is the best, else ask.
  useEffect(() => {
    if (!coach.training || warning === null || warning.rating !== null || warning.key !== movesKey) return;
    const rating = ratingIfPlayed(game.moves, warning.column, coachScores);
    if (rating === null) return;
    if (rating.verdict === 'best') {
      setWarning(null);
      play(warning.column, true);
    } else setWarning({ ...warning, rating });
  }, [warning, coachScores, movesKey, coach.training]);

  // Show solution's worker from the start, whether or not it is on: its first answer is then at once.
  useEffect(() => solutionClient.current!.start(), []);

  // Stop the workers when the page goes away.
  useEffect(
    () => () => {
      playerClient.current?.cancel();
      solutionClient.current?.cancel();
      coachClient.current?.cancel();
    },
    [],
  );

  /** Plays `column` for the person to move; with Training on, a costly column waits for their confirmation (`confirmed`). */
  const play = (column: number, confirmed = false): void => {
    const current = positionOf(latest.current.moves);
    const redMoves = current.turn;
    if (current.isGameOver()) {
      setNotice('The game is over: start a new game or undo.');
      return;
    }
    if (!isHuman(redMoves)) {
      setNotice(`Wait for ${colourName(redMoves)}: the computer is thinking.`);
      return;
    }
    if (!current.canPlay(column)) {
      setNotice(`Column ${String(column + 1)} is full.`);
      return;
    }
    if (coach.training && !confirmed) {
      const key = movesText(latest.current.moves);
      const rating = ratingIfPlayed(latest.current.moves, column, latestScores.current);
      if (rating === null || rating.verdict !== 'best') {
        setWarning({ key, column, rating });
        return;
      }
    }
    setWarning(null);
    setNotice('');
    setGame({ moves: [...latest.current.moves, column], redo: [] });
  };

  // Keys 1-7 play a column.
  usePlayKeys((key) => {
    const digit = Number(key);
    if (!(digit >= 1 && digit <= WIDTH)) return false;
    play(digit - 1);
    return true;
  });

  /**
   * Moves stones from one stack to the other (undo: played to undone; redo: back) until a human is
   * to move again, so that undo never leaves the computer to replay at once; one move when no
   * human plays.
   */
  const shift = (direction: 'undo' | 'redo'): void => {
    const moves = [...latest.current.moves];
    const redo = [...latest.current.redo];
    const [from, to] = direction === 'undo' ? [moves, redo] : [redo, moves];
    do {
      const column = from.pop();
      if (column === undefined) break;
      to.push(column);
    } while (anyHuman && from.length > 0 && !isHuman(moves.length % 2 === 0));
    setNotice('');
    setWarning(null);
    setGame({ moves, redo });
  };

  /** Returns the board to the position before move `index` (the later moves stay to redo). */
  const returnTo = (index: number): void => {
    const moves = latest.current.moves;
    setNotice('');
    setWarning(null);
    setGame({ moves: moves.slice(0, index), redo: [...latest.current.redo, ...moves.slice(index).reverse()] });
  };

  const newGame = (): void => {
    setNotice('');
    setWarning(null);
    setGameSeed(randomSeed());
    setGame({ moves: [], redo: [] });
  };

  const swapSides = (): void => {
    setRed(yellow);
    setYellow(red);
  };

  const cells = useMemo(
    () => Array.from({ length: WIDTH }, (_, col) => Array.from({ length: HEIGHT }, (_, row) => position.cell(col, row))),
    [position],
  );
  const lastColumn = game.moves[game.moves.length - 1];
  const last = lastColumn === undefined ? null : { col: lastColumn, row: position.height(lastColumn) - 1 };

  const winner = position.winner();
  const status = winner === true ? 'Red wins' : winner === false ? 'Yellow wins' : position.isTie() ? 'Draw' : `${colourName(redToMove)} to move`;

  // Only this position's values are ever shown: a column not yet settled says so.
  const columnTexts = analysis?.texts ?? (partial?.key === movesKey ? partial.texts : []);
  const scores =
    analysis === undefined && partial?.key !== movesKey
      ? null
      : Array.from({ length: WIDTH }, (_, column) => {
          if (!position.canPlay(column)) return null;
          const text = columnTexts[column];
          return text === undefined ? COMPUTING_ENTRY : columnEntry(text, game.moves.length);
        });
  const settledColumns = columnTexts.filter((text) => text !== undefined).length;
  const secondsLeft = thinking === null ? 0 : Math.max(0, Math.ceil((thinking.deadline - now) / 1000));

  // The coach's panel: the latest decision of a person, rated or being rated.
  const lastDecision = decisions[decisions.length - 1];
  const lastRating = lastDecision === undefined ? null : ratingOf(game.moves, lastDecision, coachScores);
  const shownRating: ShownRating | null =
    lastDecision === undefined
      ? null
      : {
          what: decisionName(lastDecision, game.moves[lastDecision]!),
          verdict: lastRating?.verdict ?? null,
          judgement: lastRating === null ? '' : judgementText(lastRating),
          choices: lastRating === null ? [] : coachChoices(lastRating),
        };
  // A warning belongs to its position, and only while Training is on.
  const shownWarning = coach.training && warning?.key === movesKey ? warning : null;
  const summaries = over && coach.coach ? [true, false].filter((redSide) => decisions.some((index) => index % 2 === (redSide ? 0 : 1))) : [];
  const ratingsOf = (redSide: boolean): (Rating | null)[] => decisions.filter((index) => index % 2 === (redSide ? 0 : 1)).map((index) => ratingOf(game.moves, index, coachScores));
  const summaryReady = summaries.every((redSide) => ratingsOf(redSide).every((rating) => rating !== null));
  const summaryParts = summaryReady ? summaries.map((redSide) => colourSummary(redSide, ratingsOf(redSide) as Rating[])) : [];

  return (
    <main class="connect-four">
      <nav class="crumbs">
        <a href="/">Tabletop Lab</a> › Connect Four
      </nav>
      <h1>Connect Four</h1>

      <Problems problems={problems} onDismiss={() => setProblems([])} />

      <div class="layout">
        <section class="play-area" aria-label="Game">
          <div class="status-line">
            <span class={`turn-token ${winner === true || (winner === null && !over && redToMove) ? 'red' : winner === false || (!over && !redToMove) ? 'yellow' : 'none'}`} aria-hidden="true" />
            <p role="status" aria-live="polite" class="status">
              {status}
            </p>
          </div>
          <div class="message-line">
            <p class="thinking" role="timer" aria-live="off">
              {thinking !== null && `${colourName(thinking.red)} (${playerLabel(thinking.red ? red : yellow)}) is thinking… ${String(secondsLeft)} s left`}
            </p>
            <p class="notice">{notice}</p>
          </div>
          <Board cells={cells} playable={humanToMove ? position.legalMoves() : []} winning={winning} last={last} onPlay={(column) => play(column)} />
          {shownWarning !== null && (
            <TrainingWarning
              message={
                shownWarning.rating === null
                  ? `Coach: checking column ${String(shownWarning.column + 1)}…`
                  : `Coach: column ${String(shownWarning.column + 1)} would be ${judgementText(shownWarning.rating)}.`
              }
              confirmLabel={`Play column ${String(shownWarning.column + 1)} anyway`}
              onConfirm={() => play(shownWarning.column, true)}
              onCancel={() => setWarning(null)}
            />
          )}
          {showSolution && (
            <div class="solution" aria-label="Solution">
              <SolutionRow scores={over ? null : scores} />
              <p class="solution-note">
                {over
                  ? 'The game is over.'
                  : analysis === undefined
                    ? `Solution: computing… ${String(Math.floor((now - analysisStarted) / 1000))} s (${String(settledColumns)} of ${String(WIDTH)} columns)`
                    : analysis.texts.some((text) => text.includes('=') || text.includes('..'))
                      ? `Scores for ${colourName(redToMove)}: positive wins, 0 draws, negative loses; "in N" counts the winner's own moves from now. ">=1", "a..b": the bounds proven where the exact score takes longer than a second.`
                      : `Scores for ${colourName(redToMove)}: positive wins, 0 draws, negative loses; "in N" counts the winner's own moves from now.`}
              </p>
            </div>
          )}
          {coach.coach && (
            <CoachPanel
              rating={shownRating}
              idle="After each of your moves, the coach rates every column you had."
              legend="Scores for the mover: positive wins, 0 draws, negative loses; a range where the coach's budget did not settle it. A mistake turns a win into a draw or a loss, or a draw into a loss; an inaccuracy wins later or loses sooner."
            />
          )}
          {summaries.length > 0 &&
            (summaryReady ? (
              <CoachSummary
                parts={summaryParts.map((part) => ({
                  line: part.line,
                  costliest: part.costliest.map((decision) => ({
                    what: decision.what,
                    rule: decision.rule,
                    replayLabel: `Back to move ${String(decision.index + 1)}`,
                    onReplay: () => returnTo(decision.index),
                  })),
                }))}
              />
            ) : (
              <CoachSummaryPending />
            ))}
        </section>

        <section class="controls" aria-label="Controls">
          <div class="buttons">
            <button type="button" onClick={() => shift('undo')} disabled={game.moves.length === 0}>
              Undo
            </button>
            <button type="button" onClick={() => shift('redo')} disabled={game.redo.length === 0}>
              Redo
            </button>
            <button type="button" onClick={newGame}>
              New game
            </button>
            <button type="button" onClick={swapSides}>
              Swap sides
            </button>
          </div>
          <label class="switch" data-solver={solverReadiness}>
            <input type="checkbox" checked={showSolution} onChange={(event) => setShowSolution(event.currentTarget.checked)} />
            Show solution
          </label>
          <CoachToggles state={coach} onChange={setCoach} />
          <PlayerSelect label="Red" value={red} onChange={setRed} />
          <PlayerSelect label="Yellow" value={yellow} onChange={setYellow} />
          <div class="field">
            <label for="time-limit">Computer's time per move</label>
            <select id="time-limit" value={String(timeLimitS)} onChange={(event) => setTimeLimitS(Number(event.currentTarget.value))}>
              {[...new Set([...TIME_LIMITS_S, timeLimitS])]
                .sort((a, b) => a - b)
                .map((seconds) => (
                  <option key={seconds} value={String(seconds)}>
                    {`${String(seconds)} s`}
                  </option>
                ))}
            </select>
          </div>
          <p class="hint">Play by clicking a column or pressing 1–7. The address of this page holds the game: share or reload it.</p>
        </section>
      </div>
      <OpenRecord game="connect-four" />
    </main>
  );
}

function PlayerSelect({ label, value, onChange }: { label: string; value: PlayerKind; onChange: (kind: PlayerKind) => void }) {
  return (
    <div class="field">
      <label for={`${label.toLowerCase()}-player`}>{label}</label>
      <select id={`${label.toLowerCase()}-player`} value={value} onChange={(event) => onChange(event.currentTarget.value as PlayerKind)}>
        {PLAYER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {playerLabel(kind)}
          </option>
        ))}
      </select>
    </div>
  );
}
