/**
 * A game record replayed in its game's page (`/<game>?replay=…&ply=k`): the state after each move,
 * step back and forward, play and pause, a position slider, all by keyboard too (← →, Home, End,
 * space). The states come from the game's engine (model.ts); this component only shows them and
 * keeps the step in the address, so a reload shows the same move.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { GameDefinition, GameState } from '../../../src/core/game.js';
import type { ReplayFace } from './face.js';
import { clampPly, moveCount, recordSummary, replayAddress, replayFromSearch, stepText, type ReplayGameId, type ReplayView } from './model.js';
import { OpenRecord } from './OpenRecord.js';

/** Time between moves while playing, in ms. */
const PLAY_INTERVAL_MS = 600;

function readAddress(definition: GameDefinition<GameState>): ReplayView | string {
  try {
    return replayFromSearch(definition, location.search);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function ReplayPage({ game, face }: { readonly game: ReplayGameId; readonly face: ReplayFace }) {
  const { definition } = face;
  const { title } = definition;
  const opened = useMemo(() => readAddress(definition), [definition]);
  const path = `/${game}`;
  if (typeof opened === 'string') {
    return (
      <main class="replay">
        <ReplayHeading path={path} title={title} />
        <div class="problems" role="alert">
          <p>This game record cannot be replayed: {opened}.</p>
        </div>
        <OpenRecord game={game} definition={definition} open />
        <p>
          <a href={path}>Play {title} instead</a>
        </p>
      </main>
    );
  }
  return <Replay game={game} face={face} view={opened} />;
}

/** The breadcrumbs back to the game's page and the replay's title. */
function ReplayHeading({ path, title }: { readonly path: string; readonly title: string }) {
  return (
    <>
      <nav class="crumbs">
        <a href="/">Tabletop Lab</a> › <a href={path}>{title}</a> › Replay
      </nav>
      <h1>{title}: replay</h1>
    </>
  );
}

function Replay({ game, face, view }: { readonly game: ReplayGameId; readonly face: ReplayFace; readonly view: ReplayView }) {
  const { definition, Board } = face;
  const { title } = definition;
  const { replayed } = view;
  const total = moveCount(replayed);
  const [ply, setPly] = useState(view.ply);
  const [playing, setPlaying] = useState(false);
  const path = `/${game}`;

  // The step lives in the address: a reload or a copied link shows the same move.
  useEffect(() => {
    history.replaceState(null, '', replayAddress(path, replayed.record, ply));
  }, [path, replayed, ply]);

  useEffect(() => {
    if (!playing) return;
    if (ply >= total) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setPly((p) => clampPly(replayed, p + 1)), PLAY_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [playing, ply, total, replayed]);

  // Steps are relative to the move shown now, not to the one of the last render: two keys pressed
  // before the page re-renders step twice.
  const shown = useRef({ ply, playing });
  shown.current = { ply, playing };
  const go = (to: number | ((from: number) => number)): void => {
    const next = clampPly(replayed, typeof to === 'number' ? to : to(shown.current.ply));
    shown.current = { ply: next, playing: false };
    setPlaying(false);
    setPly(next);
  };
  const togglePlay = (): void => {
    if (shown.current.playing) {
      shown.current = { ...shown.current, playing: false };
      setPlaying(false);
    } else {
      const from = shown.current.ply >= total ? 0 : shown.current.ply;
      shown.current = { ply: from, playing: true };
      setPly(from);
      setPlaying(true);
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      const tag = target?.tagName ?? '';
      const range = tag === 'INPUT' && (target as HTMLInputElement).type === 'range';
      // Fields keep their keys; the slider moves by its own keys (and reports it); a focused button or summary takes space itself.
      if (tag === 'TEXTAREA' || tag === 'SELECT' || (tag === 'INPUT' && !range)) return;
      if (range && event.key !== ' ') return;
      if (event.key === ' ' && (tag === 'BUTTON' || tag === 'SUMMARY')) return;
      const actions: Record<string, () => void> = {
        ArrowLeft: () => go((p) => p - 1),
        ArrowRight: () => go((p) => p + 1),
        Home: () => go(0),
        End: () => go(total),
        ' ': togglePlay,
      };
      const action = actions[event.key];
      if (action === undefined) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const state = replayed.steps[ply]!.state;
  const cardsNote = face.shownCards;
  const hiddenCards = face.hiddenLines?.(state) ?? [];
  const atEnd = ply === total;
  return (
    <main class="replay">
      <ReplayHeading path={path} title={title} />
      <p class="replay-summary">{recordSummary(replayed.record)}</p>
      {cardsNote === undefined ? null : <p class="hint replay-shown">{cardsNote}</p>}
      <section class="replay-controls" aria-label="Replay controls">
        <div class="buttons">
          <button type="button" aria-label="First move" onClick={() => go(0)} disabled={ply === 0}>
            « Start
          </button>
          <button type="button" aria-label="Step back" onClick={() => go((p) => p - 1)} disabled={ply === 0}>
            ◀ Back
          </button>
          <button type="button" aria-label={playing ? 'Pause' : 'Play'} aria-pressed={playing} onClick={togglePlay}>
            {playing ? 'Pause' : '▶ Play'}
          </button>
          <button type="button" aria-label="Step forward" onClick={() => go((p) => p + 1)} disabled={atEnd}>
            Forward ▶
          </button>
          <button type="button" aria-label="Last move" onClick={() => go(total)} disabled={atEnd}>
            End »
          </button>
        </div>
        <label class="replay-slider">
          <span>Position</span>
          <input type="range" min={0} max={total} value={ply} aria-label="Position" aria-valuetext={`move ${String(ply)} of ${String(total)}`} onInput={(e) => go(Number((e.target as HTMLInputElement).value))} />
        </label>
        <p class="replay-position" aria-live="polite">
          Move <span data-testid="ply">{ply}</span> of <span data-testid="total">{total}</span>
        </p>
        <p class="hint">Keys: ← and → step, space plays and pauses, Home and End jump to the start and the end.</p>
      </section>
      <section class="replay-state" aria-label="Position after this move">
        <p class="replay-step" data-testid="step">
          {stepText(definition, replayed, ply)}
        </p>
        {Board !== undefined ? (
          <>
            <Board record={replayed.record} ply={ply} state={state} />
            <details class="replay-as-text">
              <summary>The position as text</summary>
              <pre class="replay-picture" data-testid="picture">
                {state.toString()}
              </pre>
            </details>
          </>
        ) : (
          <pre class="replay-picture" data-testid="picture">
            {state.toString()}
          </pre>
        )}
        {hiddenCards.length === 0 ? null : (
          <div class="replay-hidden">
            <p class="replay-step">Hidden from the player at this move:</p>
            <ul aria-label="Hidden cards" data-testid="hidden">
              {hiddenCards.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        {atEnd ? (
          <p class="replay-result" role="status" data-testid="result">
            {replayed.finished ? 'The game is over: ' : 'The game ended here by a forfeit: '}
            {replayed.record.result.message}.
          </p>
        ) : null}
      </section>
      <OpenRecord game={game} definition={definition} />
    </main>
  );
}
