/**
 * How the card counter wins against SmallestCardAI, in numbers (docs/what-wins.md): how often it
 * leaves Smallest's choice, with which cards, and how its rounds are won. Games k = 0 .. games-1 are
 * dealt from `deriveSeed(seed, k)`, the counter in seat 0 then in seat 1 on the same deal.
 */
import { deriveSeed, rngFromSeed } from '../../core/random.js';
import { Policy, bestSlot, smallestCardAgent, type UnoWarAgent } from './agents.js';
import { cardCounterAgent } from './counter.js';
import { UnoWarState } from './engine.js';
import { EVENT_KIND, EVENT_PLAY, EVENT_ROUND, eventPlayer } from './information.js';
import { HAND_SIZE, RANK } from './rules.js';

export interface CounterStyle {
  readonly games: number;
  readonly winRate: number;
  /** The counter's moves a game with more than one playable slot. */
  readonly choices: number;
  /** Of those, a game, the moves where it played a card of another rank than Smallest would. */
  readonly departures: number;
  /** Departures by the rank of the card played (index 1..13). */
  readonly departureRanks: readonly number[];
  /** The mean rank of the card Smallest would have played instead. */
  readonly smallestRankInstead: number;
  /** Rounds the counter won a game, and how many of them ended right after its own play. */
  readonly roundsWon: number;
  readonly roundsWonOnItsPlay: number;
}

export function counterStyle(games: number, seed: number): CounterStyle {
  let wins = 0;
  let choices = 0;
  let departures = 0;
  let instead = 0;
  let roundsWon = 0;
  let onItsPlay = 0;
  const ranks = Array.from({ length: 14 }, () => 0);
  const state = new UnoWarState();
  for (let k = 0; k < games; k++) {
    for (const seat of [0, 1]) {
      const counter = cardCounterAgent();
      const watched: UnoWarAgent = {
        name: counter.name,
        act(s, rng) {
          const slot = counter.act(s, rng);
          const mask = s.playable;
          if ((mask & (mask - 1)) !== 0) {
            choices++;
            const base = s.toMove * HAND_SIZE;
            const smallest = RANK[s.hands[base + bestSlot(Policy.Smallest, s.hands, base, s.top)]!]!;
            const rank = RANK[s.hands[base + slot]!]!;
            if (rank !== smallest) {
              departures++;
              ranks[rank]!++;
              instead += smallest;
            }
          }
          return slot;
        },
      };
      state.reset();
      state.playToEnd(seat === 0 ? [watched, smallestCardAgent] : [smallestCardAgent, watched], rngFromSeed(deriveSeed(seed, k)));
      if (state.winner() === seat) wins++;
      roundsWon += state.scores[seat]!;
      const history = state.historyCodes();
      for (let i = 1; i < history.length; i++) {
        const code = history[i]!;
        const before = history[i - 1]!;
        if ((code & EVENT_KIND) === EVENT_ROUND && eventPlayer(code) === seat && (before & EVENT_KIND) === EVENT_PLAY && eventPlayer(before) === seat) onItsPlay++;
      }
    }
  }
  const played = 2 * games;
  return {
    games: played,
    winRate: wins / played,
    choices: choices / played,
    departures: departures / played,
    departureRanks: ranks,
    smallestRankInstead: departures === 0 ? 0 : instead / departures,
    roundsWon: roundsWon / played,
    roundsWonOnItsPlay: onItsPlay / played,
  };
}

/** `counterStyle` printed as the lines docs/what-wins.md quotes. */
export function printCounterStyle(games = 500, seed = 99): void {
  const style = counterStyle(games, seed);
  const total = style.departureRanks.reduce((a, b) => a + b, 0);
  const share = (rank: number): string => `${((100 * style.departureRanks[rank]!) / Math.max(1, total)).toFixed(1)}%`;
  console.log(`${String(style.games)} games against Smallest (both seats), counter won ${(100 * style.winRate).toFixed(1)}%`);
  console.log(`moves with a choice a game: ${style.choices.toFixed(1)}; departures from Smallest's card: ${style.departures.toFixed(2)} (${((100 * style.departures) / style.choices).toFixed(2)}%)`);
  console.log(`departures by rank: K ${share(13)}, Q ${share(12)}, J ${share(11)}, 10 ${share(10)}, lower ${((100 * style.departureRanks.slice(1, 10).reduce((a, b) => a + b, 0)) / Math.max(1, total)).toFixed(1)}%; Smallest's card instead: rank ${style.smallestRankInstead.toFixed(2)} on average`);
  console.log(`rounds won a game: ${style.roundsWon.toFixed(2)}, of which right after its own play: ${style.roundsWonOnItsPlay.toFixed(2)}`);
}
