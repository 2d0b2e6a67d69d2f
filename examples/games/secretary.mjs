/**
 * The secretary problem, a whole game for Tabletop Lab in one file (see docs/your-own-game.md).
 *
 * Ten candidates arrive one by one in a random order. After each you see only how they rank
 * among those seen so far (1 = the best so far), never how good they really are, and you must
 * accept or pass at once: a passed candidate never comes back. You score 1 if the candidate you
 * accept is the best of all ten, else 0.
 *
 * Chance: each arrival is a chance node; its outcome is the candidate's true quality, drawn
 * uniformly from the qualities not dealt yet. Hidden information: those qualities. The optimal
 * rule passes the first 3 candidates and then accepts the first who is the best so far; it wins
 * with probability 3/10 * (1/3 + 1/4 + ... + 1/9) = 0.398690 (Gilbert & Mosteller, "Recognizing
 * the maximum of a sequence", JASA 1966, table for n = 10).
 */
import { CHANCE, TERMINAL, randomInt } from 'tabletop-lab';

const CANDIDATES = 10;
const PASS = 0;
const ACCEPT = 1;

class SecretaryState {
  constructor() {
    /** Hidden: the true quality of each candidate so far, 0 .. 9 (9 is the best of all). */
    this.quality = new Int32Array(CANDIDATES);
    /** Seen: each candidate's rank among those seen when it arrived (1 = the best so far). */
    this.relative = new Int32Array(CANDIDATES);
    this.arrived = 0;
    /** True while the candidate who just arrived waits for an answer. */
    this.deciding = false;
    /** The candidate accepted, or -1. */
    this.accepted = -1;
  }

  currentPlayer() {
    if (this.accepted >= 0 || (this.arrived === CANDIDATES && !this.deciding)) return TERMINAL;
    return this.deciding ? 0 : CHANCE;
  }

  isTerminal() {
    return this.currentPlayer() === TERMINAL;
  }

  #dealt(quality) {
    for (let i = 0; i < this.arrived; i++) if (this.quality[i] === quality) return true;
    return false;
  }

  legalActions(out) {
    const player = this.currentPlayer();
    if (player === TERMINAL) return 0;
    if (player === 0) {
      out[0] = PASS;
      out[1] = ACCEPT;
      return 2;
    }
    let count = 0;
    for (let quality = 0; quality < CANDIDATES; quality++) if (!this.#dealt(quality)) out[count++] = quality;
    return count;
  }

  applyAction(action) {
    const player = this.currentPlayer();
    if (player === 0 && (action === PASS || action === ACCEPT)) {
      this.deciding = false;
      if (action === ACCEPT) this.accepted = this.arrived - 1;
      return;
    }
    if (player === CHANCE && Number.isInteger(action) && action >= 0 && action < CANDIDATES && !this.#dealt(action)) {
      let better = 0;
      for (let i = 0; i < this.arrived; i++) if (this.quality[i] > action) better++;
      this.quality[this.arrived] = action;
      this.relative[this.arrived] = better + 1;
      this.arrived++;
      this.deciding = true;
      return;
    }
    throw new RangeError(`${String(action)} is not a legal action here`);
  }

  sampleChance(rng) {
    const count = this.legalActions(scratch);
    return count === 1 ? scratch[0] : scratch[randomInt(rng, count)];
  }

  chanceOutcomes(outcomes, probabilities) {
    if (this.currentPlayer() !== CHANCE) return 0;
    const count = this.legalActions(outcomes);
    probabilities.fill(1 / count, 0, count);
    return count;
  }

  returns() {
    return this.accepted >= 0 && this.quality[this.accepted] === CANDIDATES - 1 ? 1 : 0;
  }

  reset() {
    this.quality.fill(0);
    this.relative.fill(0);
    this.arrived = 0;
    this.deciding = false;
    this.accepted = -1;
  }

  clone() {
    const copy = new SecretaryState();
    copy.quality.set(this.quality);
    copy.relative.set(this.relative);
    copy.arrived = this.arrived;
    copy.deciding = this.deciding;
    copy.accepted = this.accepted;
    return copy;
  }

  actionToString(action) {
    if (this.currentPlayer() === CHANCE) return `candidate of quality ${String(action + 1)}/${String(CANDIDATES)}`;
    return action === ACCEPT ? 'accept' : 'pass';
  }

  #phase() {
    if (this.accepted >= 0) return 'accepted';
    if (this.deciding) return 'deciding';
    return this.arrived === CANDIDATES ? 'passed all' : 'waiting';
  }

  toString() {
    return `candidates seen ${String(this.arrived)}/${String(CANDIDATES)}, ranks at arrival ${Array.from(this.relative.subarray(0, this.arrived)).join(' ')}: ${this.#phase()}`;
  }

  /** What the player knows: the ranks at arrival, and where the game stands. */
  informationStateString() {
    return `${Array.from(this.relative.subarray(0, this.arrived)).join(',')}|${this.#phase()}`;
  }

  observe() {
    const ranks = Array.from(this.relative.subarray(0, this.arrived));
    return Object.freeze({ candidates: CANDIDATES, seen: this.arrived, ranks: Object.freeze(ranks), bestSoFar: ranks.length > 0 && ranks[ranks.length - 1] === 1, accepted: this.accepted >= 0 });
  }

  /**
   * A state the player cannot tell from this one: the candidates seen get qualities drawn from
   * `rng` that keep the ranks the player saw (a uniform choice of which qualities arrived; their
   * order is what the player saw). Reads only what the player saw.
   */
  resample(_player, rng) {
    const copy = this.clone();
    const pool = Array.from({ length: CANDIDATES }, (_, q) => q);
    for (let i = 0; i < this.arrived; i++) {
      const j = i + randomInt(rng, CANDIDATES - i);
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    const drawn = pool.slice(0, this.arrived).sort((a, b) => b - a);
    // The candidates seen, best first, rebuilt from their ranks at arrival.
    const order = [];
    for (let i = 0; i < this.arrived; i++) order.splice(this.relative[i] - 1, 0, i);
    order.forEach((candidate, place) => (copy.quality[candidate] = drawn[place]));
    return copy;
  }

  serialize() {
    return `${Array.from(this.quality.subarray(0, this.arrived)).join(',')}|${this.#phase()}`;
  }
}

const scratch = new Int32Array(CANDIDATES);

/** An agent that accepts when `wants(observation, rng)` says so. */
const agent = (name, wants) => ({ name, act: (state, rng) => (wants(state.observe(0), rng) ? ACCEPT : PASS) });

export default {
  id: 'secretary',
  title: 'The secretary problem (10 candidates)',
  numPlayers: 1,
  outcome: 'score',
  scoreRange: [0, 1],
  maxActions: CANDIDATES,
  maxGameLength: 2 * CANDIDATES,
  newInitialState: () => new SecretaryState(),
  agents: {
    optimal: {
      description: 'pass the first 3 candidates, then accept the first who is the best so far (wins 39.87%)',
      deterministic: true,
      create: () => agent('optimal', (seen) => seen.seen > 3 && seen.bestSoFar),
    },
    first: {
      description: 'accept the first candidate (wins 1 in 10)',
      deterministic: true,
      create: () => agent('first', () => true),
    },
    coin: {
      description: 'accept each candidate who is the best so far with probability 1/2',
      create: () => agent('coin', (seen, rng) => seen.bestSoFar && randomInt(rng, 2) === 1),
    },
  },
};
