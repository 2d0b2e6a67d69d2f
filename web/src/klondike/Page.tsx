/**
 * The Klondike page: a deal on the game's own model (src/games/klondike: the rules exist once) —
 * `BasicKlondike` under the assignment's rules, `EngineKlondike` under the standard ones — driven by
 * clicks, drags and keys; its rule set and moves live in the address. The solver of the rule set
 * runs in a Web Worker for hints and for "winnable deals only"; the page never waits for it. The
 * coach (Coach.tsx) rates the person's moves in a worker of its own.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Rating } from '../../../src/games/klondike/coach.js';
import { hasChoice, judgement } from '../../../src/games/klondike/coach-text.js';
import { ENGINE_STATE, type KlondikeState } from '../../../src/games/klondike/engine.js';
import type { KlondikeMove } from '../../../src/games/klondike/moves.js';
import { lowerFirst, moveWords } from '../../../src/games/klondike/words.js';
import { CoachToggles, TrainingWarning } from '../coach/Panel.js';
import { useCoachSwitches } from '../coach/training.js';
import { KlondikeCoachPanel, KlondikeCoachSummary, useKlondikeCoach } from './Coach.js';
import { finishedByItself } from './coach-view.js';
import { canStillProgress, finishingMove, finishStopSentence, planFinish } from '../../../src/games/klondike/progress.js';
import { PageHeader } from '../Problems.js';
import { useLatestState } from '../latest.js';
import { usePlayKeys } from '../keys.js';
import { parseDealNumber } from '../seed.js';
import { lineHint, noLineHint, type Hint } from './hints.js';
import { DIFFICULTY_GRADES, pickGradedDeal } from '../../../src/games/klondike/difficulty.js';
import { difficultyTableFor } from '../../../src/games/klondike/difficulty-data.js';
import { DIFFICULTY_CHOICES, gradedRuleSetOf, gradeOfDeal, noGradesReason, type DifficultyChoice } from './model.js';
import { PILES, moveFor, ruleSetOf, movesToText, newDealSeed, orderToText, parseSearch, replaySpec, ruleWords, tableOf, textToMoves, toSearch, tryMove, type DealSpec, type RuleSet, type Source, type Target } from './model.js';
import { PasteDeal } from './PasteDeal.js';
import { Choice, RuleChoice } from './RuleChoice.js';
import { SolverClient } from './solver-client.js';
import { dealKey, loadStats, recordHelp, recordHintFree, recordScore, recordStart, recordWin, ruleSetKey, saveStats, NO_STATS, winRate, type KlondikeStats } from './stats.js';
import { Table, type Highlight } from './Table.js';
import './klondike.css';
import { OpenRecord } from '../replay/OpenRecord.js';

/** The solver's budget for a hint, and for each deal tried when looking for a winnable one. */
const HINT_BUDGET = { timeMs: 10_000, maxStates: 1_000_000 } as const;
const DEAL_BUDGET = { timeMs: 2_000, maxStates: 300_000 } as const;
const DEAL_TRIES = 40;

const DIFFICULTY_WORDS: Readonly<Record<DifficultyChoice, string>> = { any: 'Any deal', easy: 'Easy', medium: 'Medium', hard: 'Hard', expert: 'Expert' };

/** A grade's name after its article: "an easy", "a medium", "a hard", "an expert". */
function gradeWithArticle(grade: string): string {
  return `${/^[aeiou]/.test(grade) ? 'an' : 'a'} ${grade}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A labelled choice of a whole number in [range.min, range.max]. */
function NumberChoice(props: { id: string; label: string; range: { readonly min: number; readonly max: number }; value: number; onChange: (value: number) => void }) {
  const { id, label, range, value, onChange } = props;
  const options = Array.from({ length: range.max - range.min + 1 }, (_, i) => String(range.min + i)).map((n) => [n, n] as const);
  return <Choice id={id} label={label} value={String(value)} options={options} onChange={(text) => onChange(Number(text))} />;
}

interface Notice {
  readonly text: string;
  readonly tone: 'error' | 'success' | 'info';
}

const NO_NOTICE: Notice = { text: '', tone: 'info' };

interface SolvedPosition {
  readonly verdict: 'winnable' | 'unwinnable' | 'undecided';
  /** The rest of a winning line from this position (address text). */
  readonly line: string | null;
}

export function KlondikePage() {
  const initial = useMemo(() => parseSearch(location.search), []);
  const [deal, setDeal] = useState<DealSpec>(() => {
    const { seed, piles, draw, order, rules, passes, scoring } = initial.settings;
    return { seed, piles, draw, order, rules, passes, scoring };
  });
  const [moves, setMoves, latest] = useLatestState<readonly KlondikeMove[]>(initial.settings.moves);
  const { coachState, switchCoach, awaiting, setAwaiting, warning, setWarning, forgetTraining } = useCoachSwitches<KlondikeMove, { readonly move: KlondikeMove; readonly rating: Rating; readonly state: KlondikeState }>(
    initial.settings.coach,
  );
  const { coach, training } = coachState;
  /** The moves the finish made (the coach rates the person's only); a game reopened from its address counts those made once every card was face up. */
  const [finishMoves, setFinishMoves] = useState<ReadonlySet<number>>(() => finishedByItself(deal, initial.settings.moves, initial.settings.autoFinish));
  /** The person ended the game (Give up): the coach's summary shows until the next move. */
  const [gaveUp, setGaveUp] = useState(false);
  const [winnableOnly, setWinnableOnly] = useState(initial.settings.winnableOnly);
  const [difficulty, setDifficulty] = useState<DifficultyChoice>(initial.settings.difficulty);
  const [autoFinish, setAutoFinish] = useState(initial.settings.autoFinish);
  /** The auto-finish waits after an undo (else it would replay the move at once) until the next move. */
  const [paused, setPaused] = useState(false);
  /** Finish was pressed: play the rest now, whatever the auto-finish setting. */
  const [finishing, setFinishing] = useState(false);
  const [problems, setProblems] = useState(initial.problems);
  const [selected, setSelected] = useState<Source | null>(null);
  const [notice, setNoticeState] = useState<Notice>(NO_NOTICE);
  /** A message under the cards: a refused move or a mistake by default, else good news or progress. */
  const setNotice = (text: string, tone: Notice['tone'] = 'error'): void => setNoticeState({ text, tone });
  const [hint, setHint] = useState<(Hint & { readonly at: string }) | null>(null);
  const [thinking, setThinking] = useState<{ readonly what: string; readonly since: number } | null>(null);
  const [clock, setClock] = useState(0);
  // Statistics are kept per rule set: those shown are the deal's rule set's.
  const ruleSet = ruleSetKey(deal);
  const [statsOf, setStatsOf] = useState<{ readonly ruleSet: string; readonly stats: KlondikeStats }>(() => ({ ruleSet, stats: loadStats(storage(), ruleSet) }));
  const stats = statsOf.ruleSet === ruleSet ? statsOf.stats : loadStats(storage(), ruleSet);
  const setStats = (next: KlondikeStats): void => {
    setStatsOf({ ruleSet, stats: next });
    saveStats(storage(), next, ruleSet);
  };
  // The next deal's settings, chosen before it starts.
  const [form, setForm] = useState<{ seed: string; piles: number; rules: RuleSet }>({ seed: String(initial.settings.seed), piles: initial.settings.piles, rules: ruleSetOf(deal) });
  const solver = useMemo(() => new SolverClient(), []);
  /** Positions the solver has answered, by deal and moves: following a winning line keeps hints instant. */
  const solved = useRef(new Map<string, SolvedPosition>());

  useEffect(() => () => solver.dispose(), [solver]);

  useLayoutEffect(() => {
    history.replaceState(null, '', location.pathname + toSearch({ ...deal, moves, winnableOnly, difficulty, autoFinish, coach: coachState }));
  }, [deal, moves, winnableOnly, difficulty, autoFinish, coachState]);

  const model = useMemo(() => replaySpec(deal, moves).model, [deal, moves]);
  const table = useMemo(() => tableOf(model), [model]);
  const progress = useMemo(() => table.won || canStillProgress(model), [model, table]);
  const movesText = movesToText(moves);
  /** The deal's grade in its rule set's table, when it is graded. */
  const grade = useMemo(() => gradeOfDeal(deal), [deal]);
  /** The deal (its number or pasted cards, piles and draw) within its rule set. */
  const key = deal.order === null ? dealKey(deal.seed, deal.piles, deal.draw) : `pasted:${orderToText(deal.order)}/${String(deal.piles)}/${String(deal.draw)}`;
  const positionKey = `${ruleSet}:${key}:${movesText}`;
  const coachView = useKlondikeCoach(deal, `${ruleSet}:${key}`, moves, model[ENGINE_STATE](), coach, finishMoves, awaiting);

  // Keyboard users keep their place: a card button that moves to another pile is a new element, so
  // after a move the focus goes back to the button of the same name (the card), or to Draw.
  const focusName = useRef<string | null>(null);
  const rememberFocus = (): void => {
    const active = document.activeElement;
    focusName.current = active instanceof HTMLButtonElement && active.closest('.k-table') !== null ? active.getAttribute('aria-label') : null;
  };
  useLayoutEffect(() => {
    const name = focusName.current;
    focusName.current = null;
    if (name === null || document.activeElement?.closest('.k-table') != null) return;
    const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('.k-table button'));
    (buttons.find((b) => b.getAttribute('aria-label') === name && !b.disabled) ?? buttons.find((b) => b.getAttribute('aria-label') === 'Draw'))?.focus();
  }, [moves]);

  // Statistics: a deal counts as played at its first move made here, and as won once (opening a
  // link to someone's won game counts nothing). A graded deal counts in its grade's hint-free games
  // unless the coach is on or was, or a hint was asked (`askHint`).
  const movedHere = useRef(false);
  useEffect(() => {
    if (moves.length === 0 || !movedHere.current) return;
    const helped = coach ? recordHelp(stats, key, grade) : stats;
    const counted = recordHintFree(helped, key, grade, table.won);
    const next = recordScore(table.won ? recordWin(counted, key) : recordStart(counted, key), table.points ?? table.score);
    if (next !== stats) setStats(next);
  }, [moves.length > 0, table.won, key, ruleSet, table.points ?? table.score, coach]);

  // A clock for "thinking… N s".
  useEffect(() => {
    if (thinking === null) return;
    const timer = setInterval(() => setClock(Date.now()), 500);
    return () => clearInterval(timer);
  }, [thinking]);

  /**
   * The person's move: it also ends a pause of the auto-finish (see `undo`). With training on, a
   * move among others waits for its rating, and a costly one for the person's word (`checked`: given).
   */
  const play = (move: KlondikeMove, checked = false): void => {
    if (warning !== null && !checked) return;
    const current = replaySpec(deal, latest.current).model[ENGINE_STATE]();
    if (training && !checked && hasChoice(current)) {
      const rating = coachView.ratingNow(move);
      if (rating === undefined) {
        setAwaiting(move);
        setSelected(null);
        setNotice('');
        return;
      }
      if (rating !== null && rating.verdict !== 'best') {
        setWarning({ move, rating, state: current });
        setSelected(null);
        return;
      }
    }
    setPaused(false);
    if (hasChoice(current)) coachView.played(latest.current.length, move);
    commit([move]);
  };

  // Training: the move waiting for its rating is made, or warned about, once the rating is in.
  useEffect(() => {
    if (awaiting === null || coachView.ratingNow(awaiting) === undefined) return;
    const move = awaiting;
    setAwaiting(null);
    play(move);
  });

  const commit = (made: readonly KlondikeMove[], message = ''): void => {
    movedHere.current = true;
    rememberFocus();
    solver.cancel();
    setThinking(null);
    setMoves([...latest.current, ...made]);
    setSelected(null);
    setHint(null);
    setNotice(message);
    forgetQuestions();
  };

  /** Training's question and the summary of a game given up belong to the position they were about. */
  const forgetQuestions = (): void => {
    forgetTraining();
    setGaveUp(false);
  };

  /** Takes the game back to the position after its first `count` moves (Undo, the summary's "Back to move N"). */
  const backTo = (count: number): void => {
    solver.cancel();
    setThinking(null);
    movedHere.current = true;
    rememberFocus();
    setMoves(latest.current.slice(0, count));
    setFinishMoves((made) => new Set([...made].filter((index) => index < count)));
    setPaused(true);
    setFinishing(false);
    setSelected(null);
    setHint(null);
    setNotice('');
    forgetQuestions();
  };

  /** Tries `source` → `target` on the latest position: made, or the model's reason shown. */
  const attempt = (source: Source, target: Target): void => {
    const current = replaySpec(deal, latest.current).model;
    const move = moveFor(current, source, target);
    const error = typeof move === 'string' ? move : tryMove(current, move);
    if (error !== null || typeof move === 'string') {
      setNotice(error ?? '');
      setSelected(null);
      return;
    }
    play(move);
  };

  // Auto-finish: once every pile card is face up, foundation moves (with draws) finish the deal. It
  // starts only when it would win (`planFinish`): under the standard rules it may need a pass
  // through the stock that is not left, and then the person is told why and plays on by hand.
  const finishPlan = useMemo(() => planFinish(model), [model]);
  const canFinish = finishPlan !== null && finishPlan.stop === null;
  const autoRunning = !table.won && canFinish && ((autoFinish && !paused) || finishing);
  useEffect(() => {
    if (!autoRunning || thinking !== null) return;
    const timer = setTimeout(() => {
      const current = replaySpec(deal, latest.current).model;
      const step: KlondikeMove[] = [];
      // One foundation move a step, with the draws that bring it forward: the person sees the cards go up.
      for (let move = finishingMove(current); move !== null; move = finishingMove(current)) {
        if (tryMove(current, move) !== null) break;
        step.push(move);
        if (move.kind !== 'discardDraw') break;
      }
      if (step.length === 0) return;
      const from = latest.current.length;
      setFinishMoves((made) => new Set([...made, ...step.map((_, i) => from + i)]));
      commit(step);
    }, 90);
    return () => clearTimeout(timer);
  }, [model, autoRunning, thinking]);
  useEffect(() => {
    if (!canFinish || table.won) setFinishing(false);
  }, [canFinish, table.won]);

  const draw = (): void => {
    if (!table.canDraw) {
      setNotice(table.foundationsPlayable && table.stock + table.window.length > 0 ? 'No passes through the stock are left.' : 'The draw pile is empty.');
      return;
    }
    play({ kind: 'discardDraw' });
  };

  const undo = (): void => {
    if (latest.current.length > 0) backTo(latest.current.length - 1);
  };

  const onCard = (source: Source): void => {
    if (selected === null) {
      setSelected(source);
      setNotice('');
      return;
    }
    if (selected.from === source.from && (source.from === 'draw' || (selected.from === 'pile' && source.from === 'pile' && selected.pile === source.pile))) {
      // The same pile again: choose this card instead, or drop the choice when it was this one.
      setSelected(selected.from === 'pile' && source.from === 'pile' && selected.row !== source.row ? source : null);
      return;
    }
    if (source.from !== 'pile') {
      setSelected(source);
      return;
    }
    attempt(selected, { to: 'pile', pile: source.pile });
  };

  const onTarget = (target: Target): void => {
    if (selected === null && target.to === 'foundation' && target.foundation !== null && table.foundationsPlayable && table.foundations[target.foundation] !== null) {
      // The standard rules: a foundation's top card may come back onto a pile.
      setSelected({ from: 'foundation', foundation: target.foundation });
      setNotice('');
      return;
    }
    if (selected?.from === 'foundation' && target.to === 'foundation') {
      setSelected(selected.foundation === target.foundation ? null : { from: 'foundation', foundation: target.foundation ?? selected.foundation });
      return;
    }
    if (selected === null) {
      setNotice(target.to === 'pile' ? 'Choose a King to put on the empty pile first.' : 'Choose a card to send to the foundation first (or double-click it).');
      return;
    }
    attempt(selected, target);
  };

  const toFoundation = (source: Source): void => {
    if (source.from === 'foundation') return;
    const current = replaySpec(deal, latest.current).model;
    const pileSource: Source = source.from === 'pile' ? { from: 'pile', pile: source.pile, row: null } : source;
    if (source.from === 'pile' && source.row !== null && source.row !== current.getPileHeight(source.pile) - 1) {
      setNotice('Only the last card of a pile can go to a foundation.');
      setSelected(null);
      return;
    }
    attempt(pileSource, { to: 'foundation', foundation: null });
  };

  /** The solver's answer for the latest position, from the cache or the worker. */
  const askHint = async (): Promise<void> => {
    const at = positionKey;
    const helped = recordHelp(stats, key, grade);
    if (helped !== stats) setStats(helped);
    const here = solved.current.get(at);
    const current = replaySpec(deal, latest.current).model;
    if (here !== undefined) {
      setHint({ ...(here.line !== null ? lineHint(current, here.line) : noLineHint(current, here.verdict === 'winnable' ? 'undecided' : here.verdict, HINT_BUDGET.timeMs / 1000)), at });
      return;
    }
    setThinking({ what: 'hint', since: Date.now() });
    setHint(null);
    const answer = await solver.solve({ kind: 'solve', deal, moves: movesText, ...HINT_BUDGET });
    setThinking(null);
    if (answer === null) return; // cancelled: the position changed meanwhile
    if (answer.verdict === 'winnable' && answer.line !== null) {
      // The positions up to the hinted move (its draws made one by one) get the rest of this hint;
      // later ones are asked afresh, so that each hint is the one needing the fewest draws there.
      const line = textToMoves(answer.line).moves;
      let draws = 0;
      while (line[draws]?.kind === 'discardDraw') draws++;
      for (let i = 0; i <= draws; i++) solved.current.set(`${ruleSet}:${key}:${movesText}${movesToText(line.slice(0, i))}`, { verdict: 'winnable', line: movesToText(line.slice(i)) });
    } else solved.current.set(at, { verdict: answer.verdict, line: null });
    const result = solved.current.get(at)!;
    setHint({ ...(result.line !== null ? lineHint(current, result.line) : noLineHint(current, result.verdict === 'winnable' ? 'undecided' : result.verdict, HINT_BUDGET.timeMs / 1000)), at });
  };

  const openDeal = (next: DealSpec, message: Notice = NO_NOTICE): void => {
    solver.cancel();
    setThinking(null);
    setDeal(next);
    setPaused(false);
    setForm({ seed: String(next.seed), piles: next.piles, rules: ruleSetOf(next) });
    setMoves([]);
    setFinishMoves(new Set());
    setSelected(null);
    setHint(null);
    setNoticeState(message);
    forgetQuestions();
  };

  const newDeal = async (): Promise<void> => {
    const from = newDealSeed();
    if (difficulty !== 'any' && noGradesReason(form.rules, form.piles) === null) {
      // A deal of the grade from the rule set's table, picked by a fresh seed: proved winnable when it was graded.
      const seed = pickGradedDeal(difficultyTableFor(gradedRuleSetOf(form.rules))!, difficulty, from);
      if (seed === null) {
        setNotice(`No deal of the grading table is ${difficulty}: choose another difficulty.`);
        return;
      }
      openDeal({ ...form.rules, seed, piles: form.piles, order: null }, { text: `Deal ${String(seed)}: ${gradeWithArticle(difficulty)} deal, proved winnable.`, tone: 'success' });
      return;
    }
    if (!winnableOnly) {
      openDeal({ ...form.rules, seed: from, piles: form.piles, order: null });
      return;
    }
    setThinking({ what: 'deal', since: Date.now() });
    let tried = 0;
    const found = await solver.findWinnable({ kind: 'winnable', from, piles: form.piles, rules: form.rules, tries: DEAL_TRIES, ...DEAL_BUDGET }, () => {
      tried++;
      setNotice(`Looking for a winnable deal: ${String(tried)} tried…`, 'info');
    });
    setThinking(null);
    if (found === null) return;
    if (found.seed === null) {
      setNotice(`No deal of the ${String(found.tried)} tried was proved winnable in time: try again, or turn "Winnable deals only" off.`);
      return;
    }
    openDeal({ ...form.rules, seed: found.seed, piles: form.piles, order: null }, { text: `Deal ${String(found.seed)}: the solver proved it can be won.`, tone: 'success' });
  };

  usePlayKeys((k) => {
    if (k === 'd') draw();
    else if (k === 'u') undo();
    else if (k === 'h') void askHint();
    else if (k === 's') setSelected(table.window.length > 0 ? { from: 'draw' } : null);
    else if (k === 'f') {
      if (selected !== null) toFoundation(selected);
      else setNotice('Choose a card first (a pile number, or S for the draw card), then F.');
    } else if (/^[1-9]$/.test(k) && Number(k) <= deal.piles) {
      const pile = Number(k) - 1;
      if (selected === null) {
        if (model.getPileHeight(pile) === 0) setNotice(`Pile ${k} is empty.`);
        else setSelected({ from: 'pile', pile, row: null });
      } else if (selected.from === 'pile' && selected.pile === pile) setSelected(null);
      else attempt(selected, { to: 'pile', pile });
    } else return false;
    return true;
  });
  useEffect(() => {
    const onEscape = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setSelected(null);
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, []);

  const highlight = useMemo((): Highlight | null => {
    if (hint === null || hint.at !== positionKey || hint.move === null) return null;
    const move = hint.move;
    const last = (p: number): number[] => {
      const cards = table.piles[p]!.cards;
      const card = cards[cards.length - 1];
      return card === null || card === undefined ? [] : [card];
    };
    switch (move.kind) {
      case 'discardDraw':
        return { cards: [], piles: [], foundations: false, stock: true };
      case 'moveDraw':
        return { cards: table.window.slice(0, 1), piles: [move.dest], foundations: false, stock: false };
      case 'moveDrawToFoundation':
        return { cards: table.window.slice(0, 1), piles: [], foundations: true, stock: false };
      case 'moveToFoundation':
        return { cards: last(move.src), piles: [], foundations: true, stock: false };
      case 'movePile': {
        const cards = table.piles[move.src]!.cards;
        return { cards: cards.slice(cards.length - move.count).filter((c): c is number => c !== null), piles: [move.dest], foundations: false, stock: false };
      }
      case 'moveFoundationToPile':
        return { cards: [], piles: [move.dest], foundations: true, stock: false };
    }
  }, [hint, positionKey, table]);

  const status = table.won
    ? `You won! All ${String(table.maxScore)} cards are on the foundations, in ${String(moves.length)} moves.`
    : !progress
      ? 'No move can help any more: this deal cannot be won from here. Undo, or start a new deal.'
      : gaveUp
        ? 'You gave up this deal: the coach sums it up. A move goes on with it.'
        : selected !== null
        ? selected.from === 'foundation'
          ? 'Now choose the pile it goes back to (Esc cancels).'
          : 'Now choose where it goes: a pile or a foundation (Esc cancels).'
        : autoRunning
          ? 'Every card is face up: finishing…'
          : canFinish
            ? 'Every card is face up: press Finish to play the rest.'
            : finishPlan !== null && finishPlan.stop !== null
              ? `${finishStopSentence(finishPlan.stop)}, or undo.`
              : 'Build the foundations up by suit from Ace to King.';
  const over = table.won || !progress || gaveUp;
  const seconds = thinking === null ? 0 : Math.max(0, Math.floor((clock - thinking.since) / 1000));
  const hintText = thinking?.what === 'hint' ? `Hint: the solver is thinking… ${String(seconds)} s` : hint !== null && hint.at === positionKey ? `Hint: ${hint.text}` : '';

  return (
    <main class={`klondike${coach ? ' k-coached' : ''}`} style={{ '--k-columns': String(Math.max(table.piles.length, 3 + table.foundations.length)) }}>
      <PageHeader title="Klondike" problems={problems} onDismiss={() => setProblems([])} />
      <div class="k-layout">
        <div class="k-game">
          <p class="k-deal">
            {deal.order === null ? (
              <>
                Deal <strong>{deal.seed}</strong>
              </>
            ) : (
              <strong>A pasted deal</strong>
            )}{' '}
            · {deal.piles} piles · {ruleWords(deal)}
            {grade !== null && (
              <>
                {' '}
                · <span class="k-grade">Difficulty <strong aria-label="Difficulty of this deal">{grade}</strong></span>
              </>
            )}
          </p>
          <div class="k-bar">
            {table.points === null ? (
              <Reading name="Score" label="Score" value={`${String(table.score)} of ${String(table.maxScore)}`} />
            ) : (
              <>
                <Reading name="Score" label="Score" value={String(table.points)} />
                <Reading name="Foundations" label="Cards on the foundations" value={`${String(table.score)} of ${String(table.maxScore)}`} />
              </>
            )}
            <span>
              Stock <output aria-label="Cards in the stock">{table.stock}</output>
            </span>
            {table.passesLeft !== null && (
              <span title="Passes through the stock left, this one included">
                Passes left <output aria-label="Passes left">{table.passesLeft}</output>
              </span>
            )}
            <span>
              Moves <output aria-label="Moves">{moves.length}</output>
            </span>
          </div>
          <p role="status" aria-label="Game" aria-live="polite" class={`status${table.won ? ' k-won' : ''}${!progress ? ' k-stuck' : ''}`}>
            {status}
          </p>
          {/* The messages follow the lowest card at once; the stage keeps room for three cards' height, so the buttons below stay put as the piles grow. */}
          <div class="k-stage">
            <Table
              table={table}
              selected={selected}
              hint={highlight}
              onDraw={draw}
              onCard={onCard}
              onDouble={toFoundation}
              onTarget={onTarget}
              onDrop={(source, target) => attempt(source, target)}
            />
            <p class={`notice${notice.tone === 'success' ? ' notice-success' : notice.tone === 'info' ? ' notice-info' : ''}`} aria-live="polite">
              {notice.text}
            </p>
            <p class="k-hint" role="status" aria-label="Hint" aria-live="polite">
              {hintText}
            </p>
            {awaiting !== null && (
              <p class="notice notice-info" aria-live="polite">
                The coach is rating {lowerFirst(moveWords(model, awaiting))} before you make it…
              </p>
            )}
            {warning !== null && (
              <TrainingWarning
                message={`Coach: “${moveWords(warning.state, warning.move)}” would be ${judgement(warning.state, warning.rating)}.`}
                confirmLabel="Make it anyway"
                onConfirm={() => play(warning.move, true)}
                onCancel={() => {
                  setWarning(null);
                  setNotice('Choose again.', 'info');
                }}
              />
            )}
          </div>
          <div class="buttons k-actions">
            <button type="button" onClick={undo} disabled={moves.length === 0}>
              Undo
            </button>
            <button type="button" onClick={() => void askHint()} disabled={table.won || thinking !== null}>
              Hint
            </button>
            <button type="button" onClick={() => openDeal(deal)} disabled={moves.length === 0}>
              Restart deal
            </button>
            {canFinish && !table.won && !autoRunning && (
              <button type="button" onClick={() => setFinishing(true)}>
                Finish
              </button>
            )}
            <button type="button" onClick={() => void newDeal()} disabled={thinking?.what === 'deal'}>
              New deal
            </button>
            {coach && !over && moves.length > 0 && (
              <button type="button" onClick={() => setGaveUp(true)}>
                Give up
              </button>
            )}
            {thinking !== null && (
              <button
                type="button"
                onClick={() => {
                  solver.cancel();
                  setThinking(null);
                  setNotice('');
                }}
              >
                Stop the solver
              </button>
            )}
          </div>
          <CoachToggles state={coachState} onChange={switchCoach} />
          <p class="hint">
            Click a card, then where it goes (a pile or a foundation), or drag it there; double-click sends a card to a foundation. Click the stock (or press D)
            to draw. Keys: 1–{deal.piles} choose a pile and then its destination, S the draw card, F to a foundation, D draw, U undo, H hint, Esc cancels.
          </p>
        </div>
        {coach && (
          <aside class="k-coach">
            {over && <KlondikeCoachSummary view={coachView} backTo={backTo} />}
            <KlondikeCoachPanel view={coachView} />
          </aside>
        )}
      </div>

      <div class="k-panels">
        <form
          class="k-settings"
          aria-label="Next deal"
          onSubmit={(event) => {
            event.preventDefault();
            const seed = parseDealNumber(form.seed);
            if (seed === null) setNotice(`"${form.seed}" is not a deal number: a whole number from 0 to ${String(Number.MAX_SAFE_INTEGER)}.`);
            else openDeal({ ...form.rules, seed, piles: form.piles, order: null });
          }}
        >
          <h2>Next deal</h2>
          <div class="field">
            <label for="k-seed">Deal number</label>
            <input id="k-seed" inputMode="numeric" value={form.seed} onInput={(event) => setForm({ ...form, seed: event.currentTarget.value })} />
          </div>
          <NumberChoice id="k-piles" label="Piles" range={PILES} value={form.piles} onChange={(piles) => setForm({ ...form, piles })} />
          <RuleChoice value={form.rules} onChange={(rules) => setForm({ ...form, rules })} />
          <Choice
            id="k-difficulty"
            label="Difficulty"
            value={difficulty}
            options={DIFFICULTY_CHOICES.map((choice) => [choice, DIFFICULTY_WORDS[choice]])}
            disabled={noGradesReason(form.rules, form.piles) !== null}
            note={noGradesReason(form.rules, form.piles) ?? (difficulty === 'any' ? 'New deal deals any deal.' : `New deal deals ${gradeWithArticle(difficulty)} deal, proved winnable.`)}
            onChange={(choice) => setDifficulty(choice as DifficultyChoice)}
          />
          <label class="check">
            <input type="checkbox" checked={winnableOnly} onChange={(event) => setWinnableOnly(event.currentTarget.checked)} /> Winnable deals only
          </label>
          <label class="check">
            <input type="checkbox" checked={autoFinish} onChange={(event) => setAutoFinish(event.currentTarget.checked)} /> Finish by itself when every card
            is face up
          </label>
          <div class="buttons">
            <button type="submit">Open deal</button>
          </div>
        </form>

        <section class="k-stats" aria-label="Statistics">
          <h2>Statistics</h2>
          <p class="field-note">For {deal.rules === 'assignment' ? "the assignment's rules" : ruleWords(deal)}.</p>
          <table>
            <tbody>
              <tr>
                <th scope="row">Played</th>
                <td>{stats.played}</td>
              </tr>
              <tr>
                <th scope="row">Won</th>
                <td>{stats.won}</td>
              </tr>
              <tr>
                <th scope="row">Win rate</th>
                <td>{winRate(stats)}</td>
              </tr>
              <tr>
                <th scope="row">Current streak</th>
                <td>{stats.streak}</td>
              </tr>
              <tr>
                <th scope="row">Best streak</th>
                <td>{stats.bestStreak}</td>
              </tr>
              <tr>
                <th scope="row">Best score</th>
                <td>{stats.bestScore ?? '–'}</td>
              </tr>
            </tbody>
          </table>
          <button
            type="button"
            onClick={() => setStats(NO_STATS)}
          >
            Reset statistics
          </button>
        </section>
        {noGradesReason(deal, PILES.standard) === null && (
          <section class="k-stats" aria-label="Hint-free games by difficulty">
            <h2>Hint-free games</h2>
            <p class="field-note">Graded deals of {ruleWords(deal)} played without a hint and with the coach off, by difficulty.</p>
            <table>
              <thead>
                <tr>
                  <th scope="col">Difficulty</th>
                  <th scope="col">Played</th>
                  <th scope="col">Won</th>
                </tr>
              </thead>
              <tbody>
                {DIFFICULTY_GRADES.map((g) => (
                  <tr key={g}>
                    <th scope="row">{DIFFICULTY_WORDS[g]}</th>
                    <td>{stats.hintFree[g].played}</td>
                    <td>{stats.hintFree[g].won}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        <PasteDeal onOpen={({ piles, order }) => openDeal({ ...form.rules, seed: deal.seed, piles, order }, { text: 'The pasted deal is dealt.', tone: 'success' })} />
      </div>
      <OpenRecord game="klondike" />
    </main>
  );
}

/** One figure of the bar above the table: its words, then the value in an output named for screen readers. */
function Reading({ name, label, value }: { readonly name: string; readonly label: string; readonly value: string }) {
  return (
    <span>
      {name} <output aria-label={label}>{value}</output>
    </span>
  );
}
