/**
 * UnoWar's fast engine: the whole game in typed arrays, implementing the lab's game contract.
 *
 * Node sequence: 10 CHANCE nodes deal hand 0 then hand 1 (slot 0 upwards); each round starts with
 * a CHANCE node that turns the pile's first card; then the players alternate, each player node
 * followed by a CHANCE node that refills the played slot. A player who has no playable card when
 * their turn comes loses the round without a node of their own; the other player scores and starts
 * the next round. The first to WINNING_SCORE rounds wins the game.
 *
 * Actions: at a player node, a hand slot 0..4. A slot holding the same card as an earlier slot is
 * not a separate action (only the earlier slot is legal): playing a card means what the assignment's
 * `Hand.remove(card)` does, which replaces the FIRST slot holding that card. At a chance node, the
 * card index 0..51 drawn.
 *
 * Invariants:
 * - `deck[0 .. remaining-1]` are the undealt cards and `position[c]` is card c's index in `deck`
 *   (the deck array is always a permutation of 0..51). Drawing card c swaps it to
 *   `deck[remaining-1]` and shrinks `remaining`; drawing uniformly from that prefix is one step of
 *   Durstenfeld–Fisher–Yates, so the deal is exactly core's `ReshufflingDeck` for the same stream.
 *   When `remaining` is 0 the next draw first makes all 52 undealt again, in the array's current
 *   order — what `ReshufflingDeck.shuffle()` starts from too.
 * - `hands[p * HAND_SIZE + s]` is player p's card in slot s (valid once dealt); hands always hold
 *   HAND_SIZE cards after the deal.
 * - At a player node, the player to move has at least one playable card.
 * - `history[0 .. historyLength-1]` is the public history: every pile's first card, every play and
 *   every round's end, as the event codes of `information.ts`, appended where the rules happen
 *   (`advance`, `endRound`). It is what makes a player's information state a true one (card
 *   counting), and it is replayable: the ten cards of the deal and one draw per pile and per play
 *   give every draw's place in its deck.
 * - Deferred history: a `playToEnd` does not record; it keeps a copy of the state it started from
 *   (`replayFrom`; none when that was the reset state, `pristine`), of the random stream
 *   (`replayRng`) and the answers of the agents it asks (`answers`: one byte a move, where the
 *   history takes two or three codes) instead. The first read of the history (`history`,
 *   `historyLength` and everything built on them: `serialize`, `observe`, `clone`, ...) replays
 *   that playout with recording on — the built-in seats computing their choices again, the asked
 *   seats' answers taken from `answers` — and appends what it records, so the history read is
 *   exactly the one recording would have kept. An asked agent may read the history during its
 *   move: the replay then stops where the answers run out, which is that move's node, and the
 *   playout records from there on. While `replayRng` is set the state is at the end of the game or
 *   inside an agent's `act` (a playout an agent's throw leaves replays its history first), so
 *   nothing else can change before the replay; `reset` drops it unreplayed, which is why the lab,
 *   which reads only the result, never pays for recording.
 */
import { Card, DECK_SIZE } from '../../core/cards.js';
import { dealAt } from '../../core/deck.js';
import { plural } from '../../core/format.js';
import { readFields } from '../../core/serial.js';
import { CHANCE, TERMINAL, uniformChanceOutcomes, type Agent, type GameState } from '../../core/game.js';
import { randomInt, randomIntSmall, type Rng } from '../../core/random.js';
import { CAN_PLAY, HAND_SIZE, NUM_PLAYERS, WINNING_SCORE } from './rules.js';
import { Policy, bestSlot, builtInPolicy, playableMask } from './agents.js';
import { EVENT_CONCEDE, EVENT_KIND, EVENT_PILE, EVENT_PLAY, EVENT_ROUND, UnoWarBelief, eventCard, eventPlayer, eventSlot, isEventCode, playEvent } from './information.js';

/** What the next node is. */
export const Phase = {
  /** Chance: dealing the opening hands (`dealt` cards so far). */
  Deal: 0,
  /** Chance: turning the first card of a round's pile. */
  Pile: 1,
  /** Player `toMove` chooses a slot. */
  Play: 2,
  /** Chance: refilling slot `refillSlot` of the player who just played. */
  Refill: 3,
  /** The game is over; `winner` won. */
  Over: 4,
} as const;
export type Phase = (typeof Phase)[keyof typeof Phase];

const IDENTITY = Uint8Array.from({ length: DECK_SIZE }, (_, i) => i);
const HAND_CARDS = NUM_PLAYERS * HAND_SIZE;
/**
 * What an agent returns to `playToEnd` (the lab's playout) to give up the round (`concedeRound`):
 * the assignment's rule for an AI that throws or offers a card it may not play. Not a game action:
 * never among `legalActions` (no search considers it), and `applyAction` refuses it as it refuses
 * any action outside them.
 */
export const CONCEDE_ROUND = HAND_SIZE;
const NO_CARD = -1;
/** `into` (twice `array`'s length) holding `array`'s values first: an array grown when full. */
function doubled<A extends Uint8Array | Uint16Array>(array: A, into: A): A {
  into.set(array);
  return into;
}

/** Thrown by a deferred history's replay when it reaches the node the playout is at (see the invariants). */
const REPLAYED = new Error('replayed to the current node');

/** Event codes the history starts with room for (it doubles when full; the lab reuses states). */
const HISTORY_CAPACITY = 256;

/** What an UnoWar player has seen (`observe`): its own hand and everything public, history included. */
export interface UnoWarObservation {
  readonly player: number;
  /** Its cards by slot (-1 for a slot not dealt yet or just played). */
  readonly hand: readonly number[];
  /** The pile's top card (between rounds: the card the last round's loser could not beat), or -1. */
  readonly top: number;
  readonly pileSize: number;
  readonly scores: readonly [number, number];
  /** 0 or 1 to play, CHANCE or TERMINAL. */
  readonly currentPlayer: number;
  /** Undealt cards in the deck (0: the next draw reshuffles a fresh 52). */
  readonly remaining: number;
  readonly rounds: number;
  readonly starter: number;
  /**
   * The public history, oldest first, as event codes (`information.ts`: plays with card, slot and
   * player; piles' first cards; round ends). With the own hand it is everything the player has
   * seen: its own draws follow from which slot each of its plays came from.
   */
  readonly history: readonly number[];
}

export class UnoWarState implements GameState {
  readonly deck = new Uint8Array(DECK_SIZE);
  readonly position = new Uint8Array(DECK_SIZE);
  readonly hands = new Uint8Array(HAND_CARDS);
  /** Rounds won by each player. */
  readonly scores = new Uint8Array(NUM_PLAYERS);
  remaining = DECK_SIZE;
  phase: Phase = Phase.Deal;
  /** Cards dealt into the opening hands (0..10). */
  dealt = 0;
  /** The pile's top card index (after a round: the card the loser could not play on), or -1 before round 1. */
  top = NO_CARD;
  /**
   * Cards on the current pile (1 after its first card). Between rounds it keeps the size of the pile
   * just discarded, as `top` keeps its top card (for reports, and for the assignment's face, which
   * still asks the loser for a card); 0 before round 1.
   */
  pileSize = 0;
  /** The player to act at a Play node; the player who just played at a Refill node. */
  toMove = 0;
  /** Who starts the next (or current) round: player 0 in round 1, then the last round's winner. */
  starter = 0;
  refillSlot = 0;
  /** Rounds finished so far. */
  rounds = 0;
  /** The winner of the last finished round (the winner of the game once over), or -1. */
  lastRoundWinner = -1;
  /** At a Play node: bit s set when slot s of the mover's hand may go on the pile (never 0 there). */
  playable = 0;
  /** The public history's event codes (see the invariants); only the first `eventCount` count. */
  private events = new Uint16Array(HISTORY_CAPACITY);
  private eventCount = 0;
  /** Set while the history of the last `playToEnd` is deferred (see the invariants): its random stream at entry. */
  private replayRng: Rng | null = null;
  /**
   * The state that deferred playout started from (history left out), reused from game to game;
   * left unused when it started from the reset state (`replayFromReset`).
   */
  private replayFrom: UnoWarState | null = null;
  private replayFromReset = false;
  /**
   * True from `reset` until the engine first changes the state (a first draw: nothing else is legal
   * at the reset state), or a copy or deserialisation overwrites it: the state is then the reset
   * state, so a deferred playout from it needs no copy of where it started (the lab's case).
   */
  private pristine = true;
  /** During a `playToEnd` given `actions`: where each action it plays goes (chance outcomes included). */
  private trace: number[] | null = null;
  /** The two agents of that playout. */
  private replayAgent0: Agent<UnoWarState> | null = null;
  private replayAgent1: Agent<UnoWarState> | null = null;
  /** Set during `playToRoundEnd`: the playout stops at the end of the round. */
  private roundOnly = false;
  /** The answers the asked agents gave in that playout, in order (only the first `answerCount` count). */
  private answers = new Uint8Array(HISTORY_CAPACITY);
  private answerCount = 0;

  constructor() {
    this.reset();
  }

  reset(): void {
    // Always the same starting order: a game depends on its seed only, never on the game this
    // state played before (the lab reuses states).
    this.deck.set(IDENTITY);
    this.position.set(IDENTITY);
    this.hands.fill(0);
    this.scores.fill(0);
    this.remaining = DECK_SIZE;
    this.phase = Phase.Deal;
    this.dealt = 0;
    this.top = NO_CARD;
    this.pileSize = 0;
    this.toMove = 0;
    this.starter = 0;
    this.refillSlot = 0;
    this.rounds = 0;
    this.lastRoundWinner = -1;
    this.playable = 0;
    this.eventCount = 0;
    this.replayRng = null;
    this.pristine = true;
  }

  /**
   * The public history's event codes (see the invariants): only the first `historyLength` count.
   * Read-only for callers; the array may be replaced as it grows.
   */
  get history(): Uint16Array {
    if (this.replayRng !== null) this.replayHistory();
    return this.events;
  }

  /** How many of `history`'s codes count. */
  get historyLength(): number {
    if (this.replayRng !== null) this.replayHistory();
    return this.eventCount;
  }

  /** Appends an event code to the history (the one place it grows). */
  private record(code: number): void {
    if (this.eventCount === this.events.length) this.events = doubled(this.events, new Uint16Array(this.events.length * 2));
    this.events[this.eventCount++] = code;
  }

  /**
   * Rebuilds a deferred history (see the invariants): replays the playout from the state it started
   * from and the same random stream, recording, and appends what it recorded.
   */
  private replayHistory(): void {
    const rng = this.replayRng!;
    this.replayRng = null;
    const from = (this.replayFrom ??= new UnoWarState());
    if (this.replayFromReset) from.reset();
    const agent0 = this.replayAgent0!;
    const agent1 = this.replayAgent1!;
    const policy0 = builtInPolicy(agent0);
    const policy1 = builtInPolicy(agent1);
    // The asked seats answer again what they answered (`answers`), checked already; a built-in
    // seat computes its choice again. Past the last answer is the node the playout is at.
    let next = 0;
    const answers = this.answers;
    const count = this.answerCount;
    const again: Agent<UnoWarState> = {
      name: 'replay',
      act() {
        if (next === count) throw REPLAYED;
        return answers[next++]!;
      },
    };
    from.eventCount = 0;
    try {
      from.playOn(policy0 < Policy.Custom ? agent0 : again, policy1 < Policy.Custom ? agent1 : again, policy0 < Policy.Custom ? policy0 : Policy.Checked, policy1 < Policy.Custom ? policy1 : Policy.Checked, rng);
    } catch (error) {
      if (error !== REPLAYED) throw error;
    }
    for (let i = 0; i < from.eventCount; i++) this.record(from.events[i]!);
  }

  /** Keeps an asked agent's answer for the deferred history's replay (see the invariants). */
  private keepAnswer(slot: number): void {
    if (this.answerCount === this.answers.length) this.answers = doubled(this.answers, new Uint8Array(this.answers.length * 2));
    this.answers[this.answerCount++] = slot;
  }

  currentPlayer(): number {
    const phase = this.phase;
    if (phase === Phase.Play) return this.toMove;
    return phase === Phase.Over ? TERMINAL : CHANCE;
  }

  isTerminal(): boolean {
    return this.phase === Phase.Over;
  }

  /** Player p's card in slot s. */
  handCard(player: number, slot: number): number {
    return this.hands[player * HAND_SIZE + slot]!;
  }

  /**
   * The rule for a card held twice, said once: it is played from its first slot (as the assignment's
   * `Hand.remove(card)` takes the first slot holding it). The first slot of `player`'s hand holding
   * `card`, or -1 when the hand does not hold it.
   */
  slotOfCard(player: number, card: number): number {
    for (let slot = 0; slot < HAND_SIZE; slot++) if (this.hands[player * HAND_SIZE + slot] === card) return slot;
    return -1;
  }

  /** Whether `slot` is a legal action now: a playable card not also held in an earlier slot (see `slotOfCard`). */
  isLegalSlot(slot: number): boolean {
    if (this.phase !== Phase.Play || !(Number.isInteger(slot) && slot >= 0 && slot < HAND_SIZE)) return false;
    if (((this.playable >> slot) & 1) === 0) return false;
    const hands = this.hands;
    const base = this.toMove * HAND_SIZE;
    const card = hands[base + slot]!;
    // Bit k set when slot k holds the same card; only the slots before `slot` count. Without a loop
    // whose length depends on the slot (its exit mispredicts), as the lab checks every answer of a
    // user's agent. Written out for HAND_SIZE = 5.
    const same = +(hands[base] === card) | (+(hands[base + 1] === card) << 1) | (+(hands[base + 2] === card) << 2) | (+(hands[base + 3] === card) << 3);
    return (same & ((1 << slot) - 1)) === 0;
  }

  legalActions(out: Int32Array): number {
    let count = 0;
    switch (this.phase) {
      case Phase.Over:
        return 0;
      case Phase.Play:
        for (let slot = 0; slot < HAND_SIZE; slot++) if (this.isLegalSlot(slot)) out[count++] = slot;
        return count;
      default: {
        // Ascending card order is part of the contract; an empty deck means all 52 come back.
        const remaining = this.remaining === 0 ? DECK_SIZE : this.remaining;
        for (let card = 0; card < DECK_SIZE; card++) if (this.position[card]! < remaining) out[count++] = card;
        return count;
      }
    }
  }

  sampleChance(rng: Rng): number {
    const phase = this.phase;
    if (phase === Phase.Play || phase === Phase.Over) throw new RangeError('sampleChance: not a chance node');
    const n = this.remaining === 0 ? DECK_SIZE : this.remaining;
    // The last card is forced: Fisher–Yates stops at i = 1, so no randomness is consumed for it.
    return this.deck[n === 1 ? 0 : randomInt(rng, n)]!;
  }

  applyAction(action: number): void {
    switch (this.phase) {
      case Phase.Over:
        throw new RangeError(`Illegal action ${String(action)}: the game is over`);
      case Phase.Play:
        if (!this.isLegalSlot(action)) throw new RangeError(`Illegal action ${String(action)}: ${this.describeIllegalSlot(action)}`);
        this.advance(NO_CARD, action, null, Policy.Custom, Policy.Custom, null, null);
        return;
      default: {
        const remaining = this.remaining === 0 ? DECK_SIZE : this.remaining;
        if (!(Number.isInteger(action) && action >= 0 && action < DECK_SIZE && this.position[action]! < remaining)) {
          throw new RangeError(`Illegal chance outcome ${String(action)}: not an undealt card`);
        }
        this.pristine = false;
        this.receive(this.draw(action));
      }
    }
  }

  private describeIllegalSlot(slot: number): string {
    if (!(Number.isInteger(slot) && slot >= 0 && slot < HAND_SIZE)) return `not a hand slot 0..${String(HAND_SIZE - 1)}`;
    const card = Card.fromIndex(this.handCard(this.toMove, slot));
    const top = Card.fromIndex(this.top);
    if (CAN_PLAY[this.top * DECK_SIZE + card.index] !== 1) return `${card.toString()} cannot be played on ${top.toString()}`;
    return `${card.toString()} is also in an earlier slot (play that one)`;
  }

  /** Deals `card` (undealt, checked by the caller) from the deck. */
  private draw(card: number): number {
    if (this.remaining === 0) this.remaining = DECK_SIZE;
    dealAt(this.deck, this.position, this.remaining, this.position[card]!);
    this.remaining--;
    return card;
  }

  /** Puts a drawn card where the current chance node says, then moves to the next node. */
  private receive(card: number): void {
    if (this.phase === Phase.Deal) {
      this.hands[this.dealt++] = card;
      if (this.dealt === HAND_CARDS) this.phase = Phase.Pile;
    } else {
      this.advance(card, -1, null, Policy.Custom, Policy.Custom, null, null);
    }
  }

  /**
   * UnoWar's round rules, written once for every path through the game (`applyAction`, `playToEnd`
   * and the assignment's `UnoWarMatch`, which drives `applyAction`, `dealNext` and `concedeRound`).
   *
   * Enters at a Pile or Refill node with the chance outcome `card` (`slot` -1), or at a Play node
   * with the `slot` to play (`card` -1), and applies the rules from there: the card starts the pile
   * (the round's starter to play) or refills the slot just played (the other player to play); a
   * player who can play is at a Play node, one who cannot loses the round (`endRound`); a played
   * card goes on the pile and its slot waits for a refill. The round's loser's opponent scores and
   * starts the next round; ten rounds win the game. The pile is discarded, but `top` and `pileSize`
   * keep the card the loser could not beat and the pile's size, for reports.
   *
   * With `rng` null it stops at the next node. With `rng` it plays on to the end (`playToEnd`, with
   * the seats' `agent0`, `agent1`): it draws each chance outcome itself (`drawNext`), plays for each
   * seat whose policy is built in (`bestSlot`) and asks the other seats' agents (`ask`) — the lab's
   * hot loop, which is why the node's bookkeeping lives in locals, written back before an agent is
   * asked (it sees an exact state) and on leaving.
   */
  private advance(card: number, slot: number, rng: Rng | null, policy0: Policy, policy1: Policy, agent0: Agent<UnoWarState> | null, agent1: Agent<UnoWarState> | null): void {
    const hands = this.hands;
    const trace = this.trace;
    // Off in a playout whose history is deferred (see the invariants) until an agent reads it.
    let recording = this.replayRng === null;
    let top = this.top;
    let pileSize = this.pileSize;
    let player = this.toMove;
    let playSlot = slot;
    let refillSlot = this.refillSlot;
    let startingRound = this.phase === Phase.Pile;
    let mask = 0;
    let phase: Phase;
    for (;;) {
      if (playSlot < 0) {
        // The chance outcome `card`: it starts the pile, or refills the mover's played slot.
        if (startingRound) {
          top = card;
          pileSize = 1;
          player = this.starter;
          startingRound = false;
          if (recording) this.record(EVENT_PILE | card);
        } else {
          hands[player * HAND_SIZE + refillSlot] = card;
          player ^= 1;
        }
        // `player` is to play: they play if they can, otherwise they lose the round. A built-in
        // seat's choice says both at once (`bestSlot`); an asked seat's playable slots are kept.
        const policy = player === 0 ? policy0 : policy1;
        let canPlay: boolean;
        if (policy < Policy.Custom) {
          playSlot = bestSlot(policy, hands, player * HAND_SIZE, top);
          canPlay = playSlot >= 0;
          if (canPlay && trace !== null && rng !== null) trace.push(playSlot);
        } else {
          mask = playableMask(hands, player * HAND_SIZE, top);
          canPlay = mask !== 0;
        }
        if (!canPlay) {
          player ^= 1;
          if (this.endRound(player, EVENT_ROUND)) {
            phase = Phase.Over;
            break;
          }
          startingRound = true;
          if (rng === null || this.roundOnly) {
            phase = Phase.Pile;
            break;
          }
        } else if (policy >= Policy.Custom) {
          if (rng === null) {
            phase = Phase.Play;
            break;
          } else {
            this.top = top;
            this.pileSize = pileSize;
            this.toMove = player;
            this.refillSlot = refillSlot;
            this.playable = mask;
            this.phase = Phase.Play;
            playSlot = this.ask(player === 0 ? agent0! : agent1!, policy, rng);
            if (trace !== null) trace.push(playSlot);
            // The agent may have read the history (which replays it and turns recording on).
            recording = this.replayRng === null;
            if (playSlot === CONCEDE_ROUND) {
              // The assignment's rule for an AI that offers no legal card: it loses the round.
              playSlot = -1;
              player ^= 1;
              if (this.endRound(player, EVENT_CONCEDE)) {
                phase = Phase.Over;
                break;
              }
              startingRound = true;
              if (this.roundOnly) {
                phase = Phase.Pile;
                break;
              }
            }
          }
        }
      }
      if (playSlot >= 0) {
        // `player` plays `playSlot`: the card goes on the pile; the slot is refilled next.
        top = hands[player * HAND_SIZE + playSlot]!;
        pileSize++;
        if (recording) this.record(playEvent(player, playSlot, top));
        refillSlot = playSlot;
        playSlot = -1;
        if (rng === null) {
          phase = Phase.Refill;
          break;
        }
      }
      // One call site for the draw: the loop stays small enough for the JIT to inline it.
      card = this.drawNext(rng!);
      if (trace !== null) trace.push(card);
    }
    this.top = top;
    this.pileSize = pileSize;
    this.toMove = player;
    this.refillSlot = refillSlot;
    this.playable = phase === Phase.Play ? mask : 0;
    this.phase = phase;
  }

  /**
   * The player to move gives up the round (not a game action: the assignment's rule for an AI that
   * offers no legal card, used by `UnoWarMatch`); the other player scores and starts the next round.
   * @throws RangeError unless at a Play node
   */
  concedeRound(): void {
    if (this.phase !== Phase.Play) throw new RangeError('concedeRound: no player is to play');
    const winner = this.toMove ^ 1;
    this.toMove = winner;
    this.playable = 0;
    this.phase = this.endRound(winner, EVENT_CONCEDE) ? Phase.Over : Phase.Pile;
  }

  /**
   * `winner` wins the round (the rule for `advance` and `concedeRound`, which say how: `event` is
   * EVENT_ROUND or EVENT_CONCEDE): a point, and they start the next round. True when that wins the
   * game. The caller sets the next node.
   */
  private endRound(winner: number, event: number): boolean {
    if (this.replayRng === null) this.record(event | winner);
    const score = this.scores[winner]! + 1;
    this.scores[winner] = score;
    this.rounds++;
    this.lastRoundWinner = winner;
    this.starter = winner;
    return score === WINNING_SCORE;
  }

  /**
   * At a chance node: draws the outcome from `rng` and applies it — exactly
   * `applyAction(sampleChance(rng))`, the same card from the same stream, without the checks.
   * Returns the card drawn.
   */
  dealNext(rng: Rng): number {
    const phase = this.phase;
    if (phase === Phase.Play || phase === Phase.Over) throw new RangeError('dealNext: not a chance node');
    this.pristine = false;
    const card = this.drawNext(rng);
    this.receive(card);
    return card;
  }

  /**
   * Draws the next card at a chance node — one lazy Fisher–Yates step, with exactly the random
   * values `randomInt` would use (so the same card `sampleChance` + `applyAction` would draw) —
   * and removes it from the deck. For the hot path: no checks.
   */
  private drawNext(rng: Rng): number {
    // An empty deck is a fresh full one: the same 52 cards, dealt on from the order they are in.
    const n = this.remaining === 0 ? DECK_SIZE : this.remaining;
    const card = dealAt(this.deck, this.position, n, n === 1 ? 0 : randomIntSmall(rng, n));
    this.remaining = n - 1;
    return card;
  }

  /**
   * Plays from the current node to the end with `agents`: the same game, random draw for random
   * draw, as the generic `playOut`, without its per-node dispatch and checks. The lab's hot path,
   * through the same rules as `applyAction` (`advance`): draws skip the checks (`drawNext`), and the
   * three built-in agents' choices are computed inline (`builtInPolicy`), so only other agents are
   * called — on an exact state. The history is deferred (see the invariants): read it, and it is
   * there, also during an agent's move.
   *
   * When an agent is asked: at every Play node of its seat, that is, at each of its turns on which
   * it holds at least one playable card (even if only one). A turn on which it holds none is no node:
   * the rules decide it (it loses the round) without asking, as in `applyAction`'s game. Its answer
   * is a legal slot or CONCEDE_ROUND; an illegal one throws, unless the agent is `markChecked` (the
   * lab's adapter around users' players, which checks answers itself and makes a bad one a fault).
   */
  playToEnd(agents: readonly Agent<UnoWarState>[], rng: Rng): void {
    this.trace = null;
    this.playToEndFrom(agents, rng);
  }

  /**
   * `playToEnd`, pushing every action it plays to `actions` as the generic playout would take them:
   * each card dealt or turned, each slot played, and CONCEDE_ROUND for a round an agent concedes
   * (the lab's game records).
   */
  playToEndRecorded(agents: readonly Agent<UnoWarState>[], rng: Rng, actions: number[]): void {
    this.trace = actions;
    try {
      this.playToEndFrom(agents, rng);
    } finally {
      this.trace = null;
    }
  }

  /**
   * `playToEnd`, stopped at the end of the current round (at the next round's Pile node) or of the
   * game, whichever comes first; from a Pile node, the next round is played. The history is
   * recorded as it goes (not deferred: the state is not at the game's end). For evaluators that
   * value the state a round leaves (the coach, games/uno-war/coach.ts).
   */
  playToRoundEnd(agents: readonly Agent<UnoWarState>[], rng: Rng): void {
    if (this.phase === Phase.Over) return;
    if (this.replayRng !== null) this.replayHistory();
    this.trace = null;
    this.pristine = false;
    const agent0 = agents[0]!;
    const agent1 = agents[1]!;
    this.roundOnly = true;
    try {
      this.playOn(agent0, agent1, builtInPolicy(agent0), builtInPolicy(agent1), rng);
    } finally {
      this.roundOnly = false;
    }
  }

  private playToEndFrom(agents: readonly Agent<UnoWarState>[], rng: Rng): void {
    const agent0 = agents[0]!;
    const agent1 = agents[1]!;
    const policy0 = builtInPolicy(agent0);
    const policy1 = builtInPolicy(agent1);
    if (this.phase === Phase.Over) return;
    // Defer the history (see the invariants).
    if (this.replayRng !== null) this.replayHistory();
    this.replayFromReset = this.pristine;
    if (!this.pristine) (this.replayFrom ??= new UnoWarState()).copyPosition(this);
    this.replayAgent0 = agent0;
    this.replayAgent1 = agent1;
    this.answerCount = 0;
    this.replayRng = rng.clone();
    this.pristine = false;
    if (policy0 < Policy.Custom && policy1 < Policy.Custom) {
      this.playOn(agent0, agent1, policy0, policy1, rng);
      return;
    }
    try {
      this.playOn(agent0, agent1, policy0, policy1, rng);
    } catch (error) {
      // An agent's throw (or an illegal answer) leaves the state at its node: the history is made whole there.
      if (this.replayRng !== null) this.replayHistory();
      throw error;
    }
  }

  /** `playToEnd` from the current node, with the agents' policies (built in, or Custom/Checked: asked). */
  private playOn(agent0: Agent<UnoWarState>, agent1: Agent<UnoWarState>, policy0: Policy, policy1: Policy, rng: Rng): void {
    const rounds = this.rounds;
    const trace = this.trace;
    while (this.phase === Phase.Deal) {
      const card = this.drawNext(rng);
      if (trace !== null) trace.push(card);
      this.receive(card);
    }
    if (this.phase === Phase.Play) {
      // Entered at a player node (a search's playout): its choice, then on as from any other node.
      const player = this.toMove;
      const policy = player === 0 ? policy0 : policy1;
      const slot = policy < Policy.Custom ? bestSlot(policy, this.hands, player * HAND_SIZE, this.top) : this.ask(player === 0 ? agent0 : agent1, policy, rng);
      if (trace !== null) trace.push(slot);
      if (slot === CONCEDE_ROUND) this.concedeRound();
      else this.advance(NO_CARD, slot, rng, policy0, policy1, agent0, agent1);
    }
    // From a chance node (Advance stops only at the end when it has `rng`, or at a round's end in
    // `playToRoundEnd`: a round the move at the Play node above ended is not followed by another).
    if (this.phase !== Phase.Over && !(this.roundOnly && this.rounds !== rounds)) {
      const card = this.drawNext(rng);
      if (trace !== null) trace.push(card);
      this.advance(card, -1, rng, policy0, policy1, agent0, agent1);
    }
  }

  /**
   * Asks `agent` (policy Custom or Checked) for the slot to play at this Play node: a legal slot, or
   * CONCEDE_ROUND. A Custom agent's answer is checked (an illegal one throws); a Checked agent's is
   * not (the lab's adapter for users' players has checked it and made a bad answer a fault).
   */
  private ask(agent: Agent<UnoWarState>, policy: Policy, rng: Rng): number {
    const slot = agent.act(this, rng);
    if (policy === Policy.Custom && slot !== CONCEDE_ROUND && !this.isLegalSlot(slot)) {
      throw new RangeError(`Illegal action ${String(slot)} by ${agent.name}: ${this.describeIllegalSlot(slot)}`);
    }
    if (this.replayRng !== null) this.keepAnswer(slot);
    return slot;
  }

  /** +1 for the winner and -1 for the loser once the game is over; 0 before. */
  returns(player: number): number {
    if (this.phase !== Phase.Over) return 0;
    return player === this.lastRoundWinner ? 1 : -1;
  }

  /** The winner (0 or 1) once over, else -1. */
  winner(): number {
    return this.phase === Phase.Over ? this.lastRoundWinner : -1;
  }

  clone(): this {
    const copy = new UnoWarState() as this;
    copy.copyPosition(this);
    copy.copyHistory(this);
    return copy;
  }

  /**
   * Makes this state `source`'s position with an empty history: a scratch state for play-outs whose
   * players are all built-in policies, which never read the history (the coach reuses one for every
   * card and drawn state instead of cloning a history of thousands of events each time). What is
   * played on it from here is recorded as usual; what came before is not.
   */
  setPositionFrom(source: UnoWarState): void {
    if (source.replayRng !== null) source.replayHistory();
    this.copyPosition(source);
    this.eventCount = 0;
    this.replayRng = null;
  }

  /** Makes this state `source`'s position: every field but the history. */
  private copyPosition(source: UnoWarState): void {
    this.pristine = false;
    this.deck.set(source.deck);
    this.position.set(source.position);
    this.hands.set(source.hands);
    this.scores.set(source.scores);
    this.remaining = source.remaining;
    this.phase = source.phase;
    this.dealt = source.dealt;
    this.top = source.top;
    this.pileSize = source.pileSize;
    this.toMove = source.toMove;
    this.starter = source.starter;
    this.refillSlot = source.refillSlot;
    this.rounds = source.rounds;
    this.lastRoundWinner = source.lastRoundWinner;
    this.playable = source.playable;
  }

  /** Makes this state's history a copy of `source`'s (only the used part is copied). */
  private copyHistory(source: UnoWarState): void {
    const length = source.historyLength;
    if (length > this.events.length) this.events = new Uint16Array(Math.max(HISTORY_CAPACITY, length * 2));
    this.events.set(source.events.subarray(0, length));
    this.eventCount = length;
  }

  /** The public history's event codes, oldest first (a copy). */
  historyCodes(): number[] {
    return Array.from(this.history.subarray(0, this.historyLength));
  }

  // ---- What each player may see: its own hand and everything public, not the other hand nor the deck ----

  /** At a chance node every undealt card (all 52 when the deck is empty), each equally likely. */
  chanceOutcomes(outcomes: Int32Array, probabilities: Float64Array): number {
    return uniformChanceOutcomes(this, outcomes, probabilities);
  }

  /** Whether slot `slot` of `player`'s hand holds a card now (dealt, and not the card just played). */
  #holds(player: number, slot: number): boolean {
    if (this.phase === Phase.Deal) return player * HAND_SIZE + slot < this.dealt;
    return !(this.phase === Phase.Refill && player === this.toMove && slot === this.refillSlot);
  }

  /** `player`'s cards by slot, -1 where the slot is empty (not dealt yet, or just played). */
  #ownHand(player: number): number[] {
    return Array.from({ length: HAND_SIZE }, (_, slot) => (this.#holds(player, slot) ? this.handCard(player, slot) : NO_CARD));
  }

  /**
   * Everything `player` has seen: its own hand, the pile (top card and size), the scores, the deck
   * count, whose turn it is, and the public history (every pile's first card, every play with its
   * slot, every round's end). Its own past draws follow from the history and its hand (each played
   * card left the slot its last refill went to), so the string is a true information state: perfect
   * recall, enough to count cards (see `information.ts`).
   */
  informationStateString(player: number): string {
    return [
      `P${String(player + 1)}`,
      `phase ${String(this.phase)}`,
      `dealt ${String(this.dealt)}`,
      `deck ${String(this.remaining)}`,
      `scores ${this.scores.join(',')}`,
      `round ${String(this.rounds)} starter ${String(this.starter)} last ${String(this.lastRoundWinner)}`,
      `pile ${String(this.top)} x${String(this.pileSize)}`,
      `to move ${String(this.toMove)} slot ${String(this.refillSlot)}`,
      `hand ${this.#ownHand(player).join(',')}`,
      `history ${this.history.subarray(0, this.historyLength).join(',')}`,
    ].join('|');
  }

  observe(player: number): UnoWarObservation {
    return Object.freeze({
      player,
      hand: Object.freeze(this.#ownHand(player)),
      top: this.top,
      pileSize: this.pileSize,
      scores: Object.freeze([this.scores[0]!, this.scores[1]!] as const),
      currentPlayer: this.currentPlayer(),
      remaining: this.remaining,
      rounds: this.rounds,
      starter: this.starter,
      history: Object.freeze(this.historyCodes()),
    });
  }

  /**
   * A state `player` cannot tell from this one, the hidden part drawn from `rng` given everything
   * the player has seen (`UnoWarBelief`): the other player's hidden cards and the undealt deck come
   * only from the cards of their deck the player has not seen dealt, cards the other player has held
   * since a round it lost unable to play could not have gone on that pile, and a player to move holds
   * a playable card. Built from the history and the player's own hand only, in card order, so states
   * the player cannot tell apart resample alike. To draw many samples for one decision, build one
   * `UnoWarBelief` and call its `sample`.
   */
  resample(player: number, rng: Rng): this {
    return new UnoWarBelief(this, player).sample(rng) as this;
  }

  /** The full state, hidden cards included: every field but the derived `position` and `playable`. */
  serialize(): string {
    return [
      this.deck.join(','),
      this.remaining,
      this.hands.join(','),
      this.scores.join(','),
      this.phase,
      this.dealt,
      this.top,
      this.pileSize,
      this.toMove,
      this.starter,
      this.refillSlot,
      this.rounds,
      this.lastRoundWinner,
      this.history.subarray(0, this.historyLength).join(','),
    ].join('|');
  }

  /**
   * The position as the player to move sees it — its hand, the pile's top card and size, the
   * scores (its own first): what the line protocol sends it (protocol.ts `readObservation`). That
   * player is player 0 at a Play node, so an AI can be asked over the views of `hand.ts` and
   * `card-pile.ts`. Nothing else is known: the other hand, the deck and the history stay as `reset`
   * leaves them, so this is a position to ask about, not a state to play on.
   * @throws RangeError when it is no position a player is asked at (cards 0..51, scores below
   * WINNING_SCORE, a pile of at least one card, some card of the hand playable)
   */
  static observedPosition(hand: readonly number[], top: number, pileSize: number, scores: readonly [number, number]): UnoWarState {
    const isCard = (card: number): boolean => Number.isInteger(card) && card >= 0 && card < DECK_SIZE;
    if (hand.length !== HAND_SIZE || !hand.every(isCard)) throw new RangeError(`a hand is ${String(HAND_SIZE)} cards`);
    if (!isCard(top)) throw new RangeError('the top card is no card');
    if (!(Number.isSafeInteger(pileSize) && pileSize >= 1)) throw new RangeError('a pile holds at least one card');
    if (!scores.every((score) => Number.isInteger(score) && score >= 0 && score < WINNING_SCORE)) throw new RangeError(`a score is a number of rounds below ${String(WINNING_SCORE)}`);
    const state = new UnoWarState();
    state.pristine = false;
    state.hands.set(hand);
    state.top = top;
    state.pileSize = pileSize;
    state.scores.set(scores);
    state.rounds = scores[0] + scores[1];
    state.dealt = HAND_CARDS;
    state.toMove = 0;
    state.phase = Phase.Play;
    state.playable = playableMask(state.hands, 0, top);
    if (state.playable === 0) throw new RangeError('no card of the hand may go on the pile: such a player is not asked');
    return state;
  }

  /**
   * The state `serialize` wrote, validated field by field (a permutation of the 52 cards, cards,
   * scores and counters in range, a player to move who can play).
   * @throws RangeError naming what is wrong
   */
  static deserialize(text: string): UnoWarState {
    const fields = readFields(text, 'an UnoWar state', 14);
    const fail = fields.fail;
    const state = new UnoWarState();
    state.pristine = false;
    const deck = fields.list(0, DECK_SIZE, 0, DECK_SIZE - 1);
    if (new Set(deck).size !== DECK_SIZE) fail('the deck is not a permutation of 0..51');
    state.deck.set(deck);
    for (let i = 0; i < DECK_SIZE; i++) state.position[deck[i]!] = i;
    state.remaining = fields.int(1, 0, DECK_SIZE);
    state.hands.set(fields.list(2, HAND_CARDS, 0, DECK_SIZE - 1));
    state.scores.set(fields.list(3, NUM_PLAYERS, 0, WINNING_SCORE));
    state.phase = fields.int(4, Phase.Deal, Phase.Over) as Phase;
    state.dealt = fields.int(5, 0, HAND_CARDS);
    state.top = fields.int(6, NO_CARD, DECK_SIZE - 1);
    state.pileSize = fields.int(7, 0, Number.MAX_SAFE_INTEGER);
    state.toMove = fields.int(8, 0, 1);
    state.starter = fields.int(9, 0, 1);
    state.refillSlot = fields.int(10, 0, HAND_SIZE - 1);
    state.rounds = fields.int(11, 0, 2 * WINNING_SCORE - 1);
    state.lastRoundWinner = fields.int(12, -1, 1);
    const [s0, s1] = [state.scores[0]!, state.scores[1]!];
    if (s0 + s1 !== state.rounds) fail('the scores do not add up to the rounds');
    if ((state.phase === Phase.Over) !== (Math.max(s0, s1) === WINNING_SCORE) || (s0 === WINNING_SCORE && s1 === WINNING_SCORE)) fail('the scores and the phase disagree');
    if ((state.phase === Phase.Deal) !== (state.dealt < HAND_CARDS)) fail('the deal and the phase disagree');
    if (state.phase !== Phase.Deal && state.phase !== Phase.Pile && state.top === NO_CARD) fail('no pile');
    if (state.phase === Phase.Play) {
      state.playable = playableMask(state.hands, state.toMove * HAND_SIZE, state.top);
      if (state.playable === 0) fail('the player to move cannot play');
    }
    const historyText = fields.text(13);
    const codes = historyText === '' ? [] : historyText.split(',').map((v) => (v === '' ? Number.NaN : Number(v)));
    if (!codes.every(isEventCode)) fail('field 14 is not a list of history event codes');
    const why = state.historyDisagreement(codes);
    if (why !== null) fail(`the history disagrees with the state: ${why}`);
    state.events = new Uint16Array(Math.max(HISTORY_CAPACITY, codes.length * 2));
    state.events.set(codes);
    state.eventCount = codes.length;
    return state;
  }

  /**
   * Replays the public history `codes` against this state's counters: null when they agree (the
   * rounds and who won them, the current pile's cards and size, the player to move or to draw, and
   * the deck count, one draw per pile and per play after the deal), else what disagrees.
   */
  private historyDisagreement(codes: readonly number[]): string | null {
    if (this.phase === Phase.Deal) return codes.length === 0 ? null : 'events before the deal is over';
    const wins = [0, 0];
    let draws = HAND_CARDS;
    let top = NO_CARD;
    let pileSize = 0;
    let inRound = false;
    let mover = -1;
    let lastWinner = -1;
    for (const code of codes) {
      const kind = code & EVENT_KIND;
      if (kind === EVENT_PILE) {
        if (inRound) return 'a pile started inside a round';
        inRound = true;
        top = eventCard(code);
        pileSize = 1;
        mover = lastWinner < 0 ? 0 : lastWinner;
        draws++;
      } else if (kind === EVENT_PLAY) {
        if (!inRound || eventPlayer(code) !== mover) return 'a play out of turn';
        if (CAN_PLAY[top * DECK_SIZE + eventCard(code)] !== 1) return 'an illegal play';
        top = eventCard(code);
        pileSize++;
        mover ^= 1;
        draws++;
      } else {
        if (!inRound || eventPlayer(code) !== (mover ^ 1)) return 'a round won by the wrong player';
        inRound = false;
        lastWinner = eventPlayer(code);
        wins[lastWinner]!++;
      }
    }
    if (wins[0] !== this.scores[0] || wins[1] !== this.scores[1] || lastWinner !== this.lastRoundWinner) return 'the round ends do not give the scores';
    if (codes.length > 0 && (top !== this.top || pileSize !== this.pileSize)) return 'the cards played do not give the pile';
    const last = codes.length === 0 ? -1 : codes[codes.length - 1]!;
    const refill = this.phase === Phase.Refill;
    if (refill && (last < 0 || (last & EVENT_KIND) !== EVENT_PLAY || eventPlayer(last) !== this.toMove || eventSlot(last) !== this.refillSlot)) return 'no play waits for this refill';
    if (this.phase === Phase.Play && (!inRound || mover !== this.toMove)) return 'the player to move';
    if ((this.phase === Phase.Pile || this.phase === Phase.Over) && inRound) return 'a round still open';
    if (refill) draws--;
    const expected = draws % DECK_SIZE === 0 ? 0 : DECK_SIZE - (draws % DECK_SIZE);
    if (this.remaining !== expected) return `${String(draws)} draws leave ${String(expected)} cards in the deck, not ${String(this.remaining)}`;
    return null;
  }

  actionToString(action: number): string {
    switch (this.phase) {
      case Phase.Play:
        return `P${String(this.toMove + 1)} plays slot ${String(action)}`;
      case Phase.Deal:
        return `deals ${Card.fromIndex(action).toFancyString()} to P${String(Math.floor(this.dealt / HAND_SIZE) + 1)}`;
      case Phase.Pile:
        return `turns ${Card.fromIndex(action).toFancyString()} to start the pile`;
      case Phase.Refill:
        return `P${String(this.toMove + 1)} draws ${Card.fromIndex(action).toFancyString()}`;
      default:
        return `action ${String(action)} (game over)`;
    }
  }

  toString(): string {
    const hand = (player: number): string => {
      const cards: string[] = [];
      for (let s = 0; s < HAND_SIZE; s++) {
        const i = player * HAND_SIZE + s;
        const dealtYet = this.phase !== Phase.Deal || i < this.dealt;
        cards.push(dealtYet && !(this.phase === Phase.Refill && player === this.toMove && s === this.refillSlot) ? Card.fromIndex(this.hands[i]!).toFancyString() : '--');
      }
      return cards.join(' ');
    };
    const pile = this.pileSize === 0 || this.phase === Phase.Pile || this.phase === Phase.Over ? 'none' : `${Card.fromIndex(this.top).toFancyString()} (${plural(this.pileSize, 'card')})`;
    const next = ['deal', 'pile', `P${String(this.toMove + 1)} to play`, `P${String(this.toMove + 1)} draws`, `P${String(this.lastRoundWinner + 1)} won`][this.phase]!;
    return [
      `P1 ${String(this.scores[0])} | ${hand(0)}`,
      `P2 ${String(this.scores[1])} | ${hand(1)}`,
      `pile: ${pile} | deck: ${String(this.remaining)} | round ${String(this.rounds + 1)}, starter P${String(this.starter + 1)} | ${next}`,
    ].join('\n');
  }
}
