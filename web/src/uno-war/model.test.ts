import { describe, expect, it } from 'vitest';
import { cardIndex } from '../../../src/core/cards.js';
import { CHANCE } from '../../../src/core/game.js';
import { rngFromSeed } from '../../../src/core/random.js';
import { unoWarGame } from '../../../src/games/uno-war/definition.js';
import { NOT_OFFERED, OPPONENTS, choicesAt, decisionsOf, finishMoves, illegalReason, lastRoundLine, legalSlots, parseSearch, replayGame, toSearch } from './model.js';

describe('UnoWar page model', () => {
  it('lists every AI of the registry but those not worth playing (mcts), and says why one is not offered', () => {
    expect(OPPONENTS.map((o) => o.id).sort()).toEqual(Object.keys(unoWarGame.agents).filter((id) => id !== 'mcts').sort());
    expect(Object.keys(NOT_OFFERED)).toEqual(['mcts']);
    const { state, problems } = parseSearch('?seed=3&ai=mcts');
    expect(state.ai).toBe('smallest');
    expect(problems).toEqual(['The AI "mcts" is not offered here: it loses to Smallest in both seats, so it is not offered as an opponent. Smallest plays.']);
  });

  it('finishes the round with the stand-in: its plays are the person\'s moves up to the next round', () => {
    const seed = 12;
    const start = replayGame(seed, 'biggest', []).state;
    const moves = finishMoves(seed, 'biggest', [], 'smallest', 'round');
    const after = replayGame(seed, 'biggest', moves);
    expect(after.state.rounds).toBe(start.rounds + 1);
    // Each move is what Smallest plays there: the lowest-rank playable card.
    const smallest = unoWarGame.agents['smallest']!.create();
    for (let i = 0; i < moves.length; i++) expect(moves[i]).toBe(smallest.act(replayGame(seed, 'biggest', moves.slice(0, i)).state, rngFromSeed(0)));
    // The same request plays the same cards.
    expect(finishMoves(seed, 'biggest', [], 'smallest', 'round')).toEqual(moves);
  });

  it('finishes the game with any stand-in of the registry, from any point', () => {
    for (const standIn of ['smallest', 'biggest', 'counter']) {
      const first = finishMoves(5, 'smallest', [], 'random', 'round');
      const moves = finishMoves(5, 'smallest', first, standIn, 'game');
      expect(moves.slice(0, first.length)).toEqual(first);
      expect(replayGame(5, 'smallest', moves).state.isTerminal()).toBe(true);
      // Nothing is left to play once the game is over.
      expect(finishMoves(5, 'smallest', moves, standIn, 'round')).toEqual(moves);
    }
    expect(() => finishMoves(5, 'smallest', [], 'nobody', 'game')).toThrow("Unknown UnoWar AI 'nobody'");
  });

  it('replays the engine’s game: the person as smallest against biggest ends as the lab’s playout', () => {
    const moves: number[] = [];
    let replay = replayGame(8, 'biggest', moves);
    const smallest = unoWarGame.agents['smallest']!.create();
    while (!replay.state.isTerminal()) {
      moves.push(smallest.act(replay.state, rngFromSeed(0)));
      replay = replayGame(8, 'biggest', moves);
    }
    const lab = unoWarGame.newInitialState();
    lab.playToEnd([smallest, unoWarGame.agents['biggest']!.create()], rngFromSeed(8));
    expect([...replay.state.scores]).toEqual([...lab.scores]);
    // Every round is recorded, and the rounds' winners add up to the score.
    const finished = replay.rounds.filter((r) => r.winner >= 0);
    expect(finished.length).toBe(lab.rounds);
    expect(finished.filter((r) => r.winner === 0).length).toBe(lab.scores[0]);
    // The rounds' plays alternate from the leader.
    for (const r of finished) r.plays.forEach((p, i) => expect(p.player).toBe((r.leader + i) % 2));
    // A round's winner played its last card (or the leader could not answer the turned card), and leads the next.
    for (const r of finished) expect(r.winner).toBe(r.plays.length > 0 ? r.plays[r.plays.length - 1]!.player : r.leader ^ 1);
    finished.slice(1).forEach((r, i) => expect(r.leader).toBe(finished[i]!.winner));
    expect(finished[0]!.leader).toBe(0);
  });

  it('stops at the person’s turn with a legal card to play, and rejects an illegal move', () => {
    const { state } = replayGame(3, 'smallest', []);
    expect(state.currentPlayer()).toBe(0);
    expect(legalSlots(state).length).toBeGreaterThan(0);
    const illegal = [0, 1, 2, 3, 4].find((slot) => !state.isLegalSlot(slot));
    if (illegal !== undefined) expect(() => replayGame(3, 'smallest', [illegal])).toThrow(RangeError);
    expect(state.currentPlayer()).not.toBe(CHANCE);
  });

  it('explains why a card may not go on the pile', () => {
    const jackOfSpades = cardIndex(11, 1);
    expect(illegalReason(jackOfSpades, cardIndex(9, 2))).toBe('9♥ cannot go on J♠: play a ♠ card or a card ranked J or higher (Ace is low)');
    expect(illegalReason(jackOfSpades, cardIndex(2, 1))).toBeNull();
    expect(illegalReason(jackOfSpades, cardIndex(12, 4))).toBeNull();
  });

  it('reads and writes the address, naming what it cannot use', () => {
    const { state, problems } = parseSearch('?seed=5&ai=biggest&auto=0');
    expect(problems).toEqual([]);
    expect(state).toEqual({ seed: 5, ai: 'biggest', moves: [], auto: false, coach: false, training: false });
    expect(parseSearch(toSearch(state)).state).toEqual(state);
    const bad = parseSearch('?seed=-1&ai=nobody&moves=x', () => 9);
    expect(bad.state).toEqual({ seed: 9, ai: 'smallest', moves: [], auto: true, coach: false, training: false });
    expect(bad.problems).toHaveLength(3);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('takes ai=%s for no AI (not an Object property): a notice and smallest', (name) => {
    const { state, problems } = parseSearch(`?seed=5&ai=${name}`);
    expect(state.ai).toBe('smallest');
    expect(problems).toEqual([expect.stringContaining(`There is no AI "${name}"`)]);
    expect(() => replayGame(5, name, [])).toThrow(RangeError);
  });

  it('keeps the coach and training switches in the address (training turns the coach on)', () => {
    for (const [search, coach, training] of [['?seed=5&coach=1', true, false], ['?seed=5&training=1', true, true], ['?seed=5&coach=0', false, false]] as const) {
      const { state } = parseSearch(search);
      expect([state.coach, state.training]).toEqual([coach, training]);
      expect(parseSearch(toSearch(state)).state).toEqual(state);
    }
  });

  it('lists the person’s decisions with a choice, each with what they had seen then and nothing hidden', () => {
    const seed = 12;
    const moves = finishMoves(seed, 'biggest', [], 'smallest', 'game');
    const decisions = decisionsOf(seed, 'biggest', moves);
    const withChoice = moves.map((_, i) => i).filter((i) => choicesAt(replayGame(seed, 'biggest', moves.slice(0, i)).state).length > 1);
    expect(decisions.map((d) => d.index)).toEqual(withChoice);
    expect(withChoice.length).toBeGreaterThan(5);
    for (const decision of decisions) {
      const before = replayGame(seed, 'biggest', moves.slice(0, decision.index)).state;
      expect(decision.observation).toEqual(before.observe(0));
      expect(decision.card).toBe(before.handCard(0, moves[decision.index]!));
      expect(decision.cards).toContain(decision.card);
      // What travels to the coach's worker: the person's own hand and the public record only.
      expect(Object.keys(decision.observation).sort()).toEqual(['currentPlayer', 'hand', 'history', 'pileSize', 'player', 'remaining', 'rounds', 'scores', 'starter', 'top']);
    }
  });
});

describe('lastRoundLine', () => {
  it('names the card the loser could not play on, and how many cards went on the pile before it', () => {
    expect(lastRoundLine(3, 'you', 'Smallest Card AI', '9♦', 4)).toBe('Round 3: you won — Smallest Card AI could not play on 9♦ after 4 cards');
    expect(lastRoundLine(2, 'Smallest Card AI', 'you', '2♥', 1)).toBe('Round 2: Smallest Card AI won — you could not play on 2♥ after 1 card');
  });

  it('says a round lost on its first card was lost on the first card, not "after 0 cards"', () => {
    expect(lastRoundLine(1, 'Smallest Card AI', 'you', 'K♠', 0)).toBe("Round 1: Smallest Card AI won — you could not play on K♠, the round's first card");
  });
});
