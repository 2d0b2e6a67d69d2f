/**
 * The smallest whole game for Tabletop Lab (docs/your-own-game.md): a coin is tossed out of your
 * sight, you guess it, and you score 1 if you guessed right. Chance: the toss. Hidden: its side.
 */
import { CHANCE, TERMINAL, randomInt } from 'tabletop-lab';

const HEADS = 0;
const TAILS = 1;

class CoinState {
  coin = -1; // hidden from the player until the end; -1 before the toss
  guess = -1; // -1 before the guess

  currentPlayer() {
    if (this.coin < 0) return CHANCE;
    return this.guess < 0 ? 0 : TERMINAL;
  }
  isTerminal() {
    return this.currentPlayer() === TERMINAL;
  }
  legalActions(out) {
    if (this.isTerminal()) return 0;
    out[0] = HEADS;
    out[1] = TAILS;
    return 2;
  }
  applyAction(action) {
    if ((action !== HEADS && action !== TAILS) || this.isTerminal()) throw new RangeError(`${String(action)} is not legal here`);
    if (this.coin < 0) this.coin = action;
    else this.guess = action;
  }
  sampleChance(rng) {
    return randomInt(rng, 2);
  }
  chanceOutcomes(outcomes, probabilities) {
    if (this.currentPlayer() !== CHANCE) return 0;
    outcomes[0] = HEADS;
    outcomes[1] = TAILS;
    probabilities[0] = probabilities[1] = 0.5;
    return 2;
  }
  returns() {
    return this.guess >= 0 && this.guess === this.coin ? 1 : 0;
  }
  reset() {
    this.coin = -1;
    this.guess = -1;
  }
  clone() {
    return Object.assign(new CoinState(), this);
  }
  actionToString(action) {
    return action === HEADS ? 'heads' : 'tails';
  }
  toString() {
    return `coin ${this.coin < 0 ? 'not tossed' : this.actionToString(this.coin)}, guess ${this.guess < 0 ? 'none' : this.actionToString(this.guess)}`;
  }
  // What the player knows: whether the coin is tossed, and its own guess — never the coin.
  informationStateString() {
    return `${this.coin < 0 ? 'waiting' : 'tossed'}|${String(this.guess)}`;
  }
  observe() {
    return { tossed: this.coin >= 0, guess: this.guess };
  }
  // A state the player cannot tell apart: the coin redrawn from `rng` (from what the player saw only).
  resample(_player, rng) {
    const copy = this.clone();
    if (copy.coin >= 0) copy.coin = randomInt(rng, 2);
    return copy;
  }
  serialize() {
    return `${String(this.coin)},${String(this.guess)}`;
  }
}

export default {
  id: 'coin-guess',
  title: 'Guess the coin',
  numPlayers: 1,
  outcome: 'score',
  scoreRange: [0, 1],
  maxActions: 2,
  maxGameLength: 2,
  newInitialState: () => new CoinState(),
  agents: {
    heads: { description: 'always says heads', deterministic: true, create: () => ({ name: 'heads', act: () => HEADS }) },
    coin: { description: 'tosses a coin of its own', create: () => ({ name: 'coin', act: (_state, rng) => randomInt(rng, 2) }) },
  },
};
