/**
 * The UnoWar page: a person (player 0, who leads round 1) against any AI of the game's registry.
 * The game lives in the address (deal number, AI, the person's plays); the rules are the engine's
 * (`UnoWarState`). The hand's cards are buttons that report clicks; the page checks them.
 */
import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { CardFace } from '../cards/Card.js';
import { cardName, cardShort } from '../cards/names.js';
import { PageHeader } from '../Problems.js';
import { RestartAndNew } from '../RestartAndNew.js';
import { useLatestState } from '../latest.js';
import { usePlayKeys } from '../keys.js';
import { UnoCoachPanel, UnoCoachSummary, useUnoCoach } from './Coach.js';
import { CoachToggles, TrainingWarning } from '../coach/Panel.js';
import { useCoachSwitches } from '../coach/training.js';
import type { Rating } from '../../../src/games/uno-war/coach.js';
import { judgement } from '../../../src/games/uno-war/coach-text.js';
import {
  DEFAULT_STAND_IN,
  choicesAt,
  HAND_SIZE,
  OPPONENTS,
  WINNING_SCORE,
  finishMoves,
  handOf,
  illegalReason,
  lastRoundLine,
  legalSlots,
  parseSearch,
  replayGame,
  slotFor,
  toSearch,
  yourTurn,
  type FinishScope,
  type Round,
} from './model.js';
import { OpenRecord } from '../replay/OpenRecord.js';

/** How long a forced card stays on show before it is played by itself. */
const AUTO_PLAY_MS = 350;

export function UnoWarPage() {
  const initial = useMemo(() => parseSearch(location.search), []);
  const [seed, setSeed] = useState(initial.state.seed);
  const [ai, setAi] = useState(initial.state.ai);
  const [auto, setAuto] = useState(initial.state.auto);
  const [moves, setMoves, latest] = useLatestState<readonly number[]>(initial.state.moves);
  const [problems, setProblems] = useState(initial.problems);
  const [notice, setNotice] = useState('');
  const [standIn, setStandIn] = useState(DEFAULT_STAND_IN);
  const { coachState, switchCoach, awaiting, setAwaiting, warning, setWarning, forgetTraining } = useCoachSwitches<{ readonly slot: number; readonly card: number }, { readonly slot: number; readonly rating: Rating }>({
    coach: initial.state.coach,
    training: initial.state.training,
  });
  const { coach, training } = coachState;
  /** The person's moves the stand-in made (not rated: the person did not choose them). */
  const [standInMoves, setStandInMoves] = useState<ReadonlySet<number>>(new Set());

  useLayoutEffect(() => {
    history.replaceState(null, '', location.pathname + toSearch({ seed, ai, moves, auto, coach, training }));
  }, [seed, ai, moves, auto, coach, training]);

  const { state, rounds } = useMemo(() => replayGame(seed, ai, moves), [seed, ai, moves]);
  const opponent = OPPONENTS.find((o) => o.id === ai)!;
  const over = state.isTerminal();
  const mine = yourTurn(state);
  const hand = handOf(state, 0);
  const legal = mine ? legalSlots(state) : [];
  const current: Round | undefined = rounds[rounds.length - 1];
  const forced = mine && auto && legal.length === 1;
  const coachView = useUnoCoach(seed, ai, moves, state, coach, standInMoves, awaiting?.card ?? null);

  /** Plays `slot`; with training on, a costly card waits for the person's word (`checked`: it was given). */
  const play = (slot: number, checked = false): void => {
    if (warning !== null && !checked) return;
    const now = replayGame(seed, ai, latest.current).state;
    if (now.isTerminal()) {
      setNotice('The game is over: start a new game.');
      return;
    }
    if (!(slot >= 0 && slot < HAND_SIZE)) return;
    const card = now.handCard(0, slot);
    const why = illegalReason(now.top, card);
    if (why !== null) {
      setNotice(`${why}.`);
      return;
    }
    if (training && !checked && choicesAt(now).length > 1) {
      const rating = coachView.ratingNow(card);
      if (rating === undefined) {
        setAwaiting({ slot, card });
        setNotice('');
        return;
      }
      if (rating !== null && rating.verdict !== 'best') {
        setWarning({ slot, rating });
        return;
      }
    }
    setNotice('');
    forgetTraining();
    coachView.played(latest.current.length, card);
    setMoves([...latest.current, slotFor(now, slot)]);
  };

  // Training: the card waiting for its rating is played, or warned about, once the rating is in.
  useEffect(() => {
    if (awaiting === null || coachView.ratingNow(awaiting.card) === undefined) return;
    const { slot } = awaiting;
    setAwaiting(null);
    play(slot);
  });

  /** The stand-in plays the person's cards to the end of this round or of the game. */
  const finish = (scope: FinishScope): void => {
    const now = replayGame(seed, ai, latest.current).state;
    if (now.isTerminal()) {
      setNotice('The game is over: start a new game.');
      return;
    }
    setNotice('');
    forgetTraining();
    const next = finishMoves(seed, ai, latest.current, standIn, scope);
    setStandInMoves(new Set([...standInMoves, ...Array.from({ length: next.length - latest.current.length }, (_, i) => latest.current.length + i)]));
    setMoves(next);
  };

  // A forced card (the only one that may be played) goes by itself when the person asked for it.
  useEffect(() => {
    if (!forced) return;
    const timer = setTimeout(() => play(legal[0]!), AUTO_PLAY_MS);
    return () => clearTimeout(timer);
  }, [forced, moves]);

  // Keys 1-5 play the card in that position of the hand; R and G finish the round or the game.
  usePlayKeys((key) => {
    if (key === 'r' || key === 'g') {
      finish(key === 'r' ? 'round' : 'game');
      return true;
    }
    if (!/^[1-5]$/.test(key)) return false;
    play(Number(key) - 1);
    return true;
  });

  const newGame = (next: number): void => {
    setSeed(next);
    setMoves([]);
    setNotice('');
    forgetChoices();
  };

  /** A new game or opponent: the stand-in's moves and training's questions belong to the old one. */
  const forgetChoices = (): void => {
    setStandInMoves(new Set());
    forgetTraining();
  };

  const you = state.scores[0]!;
  const them = state.scores[1]!;
  const status = over
    ? you === WINNING_SCORE
      ? `You won the game ${String(you)}–${String(them)}`
      : `${opponent.name} won the game ${String(them)}–${String(you)}`
    : `Your turn: play on the ${cardName(state.top)}`;
  const finished = rounds.filter((r) => r.winner >= 0);
  const lastRounds = finished.slice(-5).reverse();
  const roundNumber = over ? finished.length : rounds.length;

  return (
    <main class="uno-war">
      <PageHeader title="UnoWar" problems={problems} onDismiss={() => setProblems([])} />

      <div class="layout">
        <section class="play-area" aria-label="Game">
          <p class="uno-score" aria-label="Score">
            <span>
              You <strong>{you}</strong>
            </span>
            <span aria-hidden="true"> – </span>
            <span>
              <strong>{them}</strong> {opponent.name}
            </span>
            <span class="uno-round">{` · round\u00a0${String(roundNumber)} · first\u00a0to\u00a0${String(WINNING_SCORE)}`}</span>
          </p>
          <p role="status" aria-live="polite" class="status">
            {status}
          </p>
          {coach && over && <UnoCoachSummary view={coachView} replayHref={(index) => location.pathname + toSearch({ seed, ai, moves: moves.slice(0, index), auto, coach, training })} />}
          {current !== undefined && !over && (
            <div class="uno-pile" aria-label="This round's pile" role="group">
              <p class="uno-caption">{current.leader === 0 ? 'You lead this round' : `${opponent.name} leads this round`}: the pile</p>
              <ol class="uno-plays">
                <li>
                  <CardFace card={current.first} />
                  <span class="uno-who">turned</span>
                </li>
                {current.plays.length > 5 && (
                  <li class="uno-more">
                    <span class="uno-who">{`… ${String(current.plays.length - 5)} more`}</span>
                  </li>
                )}
                {current.plays.slice(-5).map((p, i) => (
                  <li key={i}>
                    <CardFace card={p.card} />
                    <span class="uno-who">{p.player === 0 ? 'you' : opponent.name.replace(' AI', '')}</span>
                  </li>
                ))}
              </ol>
            </div>
          )}
          <p class="notice" aria-live="polite">
            {notice}
            {forced && `Only ${cardShort(hand[legal[0]!]!)} can go: playing it for you.`}
            {awaiting !== null && `The coach is rating the ${cardName(awaiting.card)} before you play it…`}
          </p>
          {warning !== null && (
            <TrainingWarning
              message={`Coach: the ${cardName(warning.rating.chosen)} would be ${judgement(warning.rating, cardName)}.`}
              confirmLabel="Play it anyway"
              onConfirm={() => play(warning.slot, true)}
              onCancel={() => {
                setWarning(null);
                setNotice('Choose again.');
              }}
            />
          )}
          <div class="uno-hand" role="group" aria-label="Your hand">
            {hand.map((card, slot) => {
              const ok = legal.includes(slot) || (mine && legal.includes(slotFor(state, slot)));
              return (
                <button key={slot} type="button" class={`uno-card${ok ? ' open' : ' blocked'}`} aria-label={`Play ${cardName(card)}`} aria-disabled={ok ? undefined : 'true'} onClick={() => play(slot)}>
                  <CardFace card={card} />
                  <span class="uno-key" aria-hidden="true">
                    {slot + 1}
                  </span>
                </button>
              );
            })}
          </div>
          <div class="buttons uno-finish">
            <button type="button" onClick={() => finish('round')} disabled={over} aria-keyshortcuts="R">
              Finish the round
            </button>
            <button type="button" onClick={() => finish('game')} disabled={over} aria-keyshortcuts="G">
              Finish the game
            </button>
          </div>
          <p class="hint">
            Play a card of the pile's suit, or of the same rank or higher (Ace is low): click it or press its number 1–5. Who cannot play loses the round, and
            the winner leads the next. First to {WINNING_SCORE} rounds wins. R or G lets the stand-in play your cards to the end of the round or the game.
          </p>
        </section>

        <section class="controls" aria-label="Controls">
          <AiChoice
            id="opponent"
            label="Opponent"
            value={ai}
            onChange={(id) => {
              setAi(id);
              setMoves([]);
              setNotice('');
              forgetChoices();
            }}
          />
          <AiChoice id="stand-in" label="Stand-in (plays your cards when you finish)" value={standIn} onChange={setStandIn} />
          <label class="switch">
            <input type="checkbox" checked={auto} onChange={(event) => setAuto(event.currentTarget.checked)} />
            Play forced cards for me
          </label>
          <CoachToggles state={coachState} onChange={switchCoach} />
          <div class="buttons">
            <RestartAndNew unit="game" seed={seed} started={moves.length > 0} open={newGame} />
          </div>
          <p class="hint">Deal {seed}. The address holds the game: share or reload it.</p>
          {coach && <UnoCoachPanel view={coachView} ai={ai} />}
          <h2 class="uno-h2">Last rounds</h2>
          {lastRounds.length === 0 ? (
            <p class="hint">None yet.</p>
          ) : (
            // Unnumbered: each entry says its round ("Round 9: …").
            <ul class="uno-rounds" aria-label="Last rounds">
              {lastRounds.map((r) => {
                const number = finished.indexOf(r) + 1;
                const loser = r.winner === 0 ? opponent.name : 'you';
                const lastCard = r.plays.length > 0 ? r.plays[r.plays.length - 1]!.card : r.first;
                return (
                  <li key={number}>
                    {lastRoundLine(number, r.winner === 0 ? 'you' : opponent.name, loser, cardShort(lastCard), r.plays.length)}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
      <OpenRecord game="uno-war" />
    </main>
  );
}

/** A choice among the AIs offered (`OPPONENTS`). */
function AiChoice({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (id: string) => void }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {OPPONENTS.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
