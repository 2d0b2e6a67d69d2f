/**
 * `tabletop uno-war play`: a person plays UnoWar against one of the spec's AIs in the terminal.
 * The game runs on the engine (every rule stays in games/): the person is player 1 and starts round
 * 1, the AI is player 2. Works the same through a pipe: each prompt reads one line, and the end of
 * input ends the game like `q`.
 */
import { Option, type Command } from 'commander';
import { Card } from '../../core/cards.js';
import { CHANCE } from '../../core/game.js';
import { freshSeed, rngFromSeed } from '../../core/random.js';
import { unoWarGame } from '../../games/uno-war/definition.js';
import { Phase, UnoWarState } from '../../games/uno-war/engine.js';
import { HAND_SIZE, WINNING_SCORE, canPlayOn } from '../../games/uno-war/rules.js';
import { parseChoice, parseSeed } from '../options.js';
import { exitingOnInterrupt, PlaySession } from '../terminal.js';

interface PlayOptions {
  /** An agent id of the game's registry (`unoWarGame.agents`). */
  readonly ai: string;
  readonly seed?: number;
}

/** Every AI of the registry that plays fair (the web app offers the same list). */
const AI_IDS = Object.keys(unoWarGame.agents).filter((id) => unoWarGame.agents[id]!.seesHidden !== true);

const HUMAN = 0;
const AI_PLAYER = 1;

export const RULES_SUMMARY = [
  'Each of you holds 5 cards. A round starts with one card on the pile; you take turns playing a',
  'card of the same suit as the top card, or of equal or higher rank (Ace is lowest). The card you',
  'play is replaced from the deck in the same slot. Whoever cannot play loses the round; the winner',
  `starts the next one. First to ${String(WINNING_SCORE)} rounds wins. You start round 1.`,
  'Type the slot number (0-4) of the card to play, help for these rules, q to quit.',
].join('\n');

const cardName = (index: number): string => Card.fromIndex(index).toString();

/** Plays one game on `input`/`output`; returns the winner (0 you, 1 the AI) or -1 if it ended early. */
export async function playUnoWar(options: PlayOptions, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<number> {
  const session = new PlaySession(input, output);
  const say = (text: string): void => {
    session.say(text);
  };
  const seed = options.seed ?? freshSeed();
  const factory = unoWarGame.agents[options.ai];
  if (factory === undefined || factory.seesHidden === true) throw new RangeError(`Unknown UnoWar AI '${options.ai}' (choose from ${AI_IDS.join(', ')})`);
  const agent = factory.create();
  const aiName = agent.name;
  say(`UnoWar against ${aiName}, deal ${String(seed)}. Replay it with --seed ${String(seed)}.`);
  say(RULES_SUMMARY);

  const state = new UnoWarState();
  const rng = rngFromSeed(seed);
  const score = (): string => `Score: you ${String(state.scores[HUMAN])}, ${aiName} ${String(state.scores[AI_PLAYER])}.`;

  /** Applies `action` and tells what happened: new piles, draws, rounds won and lost. */
  const apply = (action: number): void => {
    const phase = state.phase;
    const rounds = state.rounds;
    const mover = state.toMove;
    state.applyAction(action);
    if (phase === Phase.Pile) say(`\nRound ${String(rounds + 1)}: the pile starts with the ${cardName(action)}.`);
    if (phase === Phase.Refill && mover === HUMAN) say(`You draw the ${cardName(action)}.`);
    if (state.rounds > rounds) {
      const winner = state.lastRoundWinner;
      const top = cardName(state.top);
      say(winner === HUMAN ? `${aiName} cannot play on the ${top}: you win the round!` : `You have no card to play on the ${top}: ${aiName} wins the round.`);
      say(score());
    }
  };

  try {
    while (!state.isTerminal()) {
      if (session.outputClosed) return -1;
      const player = state.currentPlayer();
      if (player === CHANCE) {
        apply(state.sampleChance(rng));
      } else if (player === AI_PLAYER) {
        const slot = agent.act(state, rng);
        say(`${aiName} plays the ${cardName(state.handCard(AI_PLAYER, slot))}.`);
        apply(slot);
      } else {
        const slot = await askForSlot(state, session, score);
        if (slot === null) return -1;
        apply(slot);
      }
    }
    const youWon = state.winner() === HUMAN;
    say(`\n${youWon ? 'You win the game' : `${aiName} wins the game`} ${String(state.scores[state.winner()])}-${String(state.scores[state.winner() ^ 1])}.`);
    return state.winner();
  } finally {
    session.close();
  }
}

/** Shows the pile and the hand and reads a playable slot; null when the player quits or input ends. */
async function askForSlot(state: UnoWarState, session: PlaySession, score: () => string): Promise<number | null> {
  const say = (text: string): void => {
    session.say(text);
  };
  const top = cardName(state.top);
  say(`\nPile: ${top} (${String(state.pileSize)} card${state.pileSize === 1 ? '' : 's'}). ${score()}`);
  say('Your hand:');
  for (let slot = 0; slot < HAND_SIZE; slot++) {
    const card = state.handCard(HUMAN, slot);
    say(`  ${String(slot)}  ${canGo(state, card) ? `${cardName(card).padEnd(17)} playable` : cardName(card)}`);
  }
  for (;;) {
    const line = await session.ask(`Your card (0-${String(HAND_SIZE - 1)}, q to quit): `, '');
    if (line === null) {
      say(`End of input: game abandoned. ${score()}`);
      return null;
    }
    const answer = line.trim().toLowerCase();
    if (answer === 'q' || answer === 'quit') {
      say(`You quit. ${score()}`);
      return null;
    }
    if (answer === 'help' || answer === 'h' || answer === '?') {
      say(RULES_SUMMARY);
      continue;
    }
    if (!/^\d+$/.test(answer) || Number(answer) >= HAND_SIZE) {
      say(`'${line.trim()}' is not a slot: type a number from 0 to ${String(HAND_SIZE - 1)}, or q to quit.`);
      continue;
    }
    const card = state.handCard(HUMAN, Number(answer));
    if (!canGo(state, card)) {
      const topCard = Card.fromIndex(state.top);
      say(`The ${cardName(card)} cannot go on the ${top}: play a ${topCard.getSuitName().slice(0, -1)} or a card ranked ${topCard.getRankName()} or higher.`);
      continue;
    }
    // Playing a card means its first slot (a duplicate after a reshuffle is the same card).
    for (let slot = 0; ; slot++) if (state.handCard(HUMAN, slot) === card) return slot;
  }
}

function canGo(state: UnoWarState, card: number): boolean {
  return canPlayOn(state.top, card);
}

export function registerPlay(command: Command): Command {
  command
    .command('play')
    .description('play UnoWar against an AI in the terminal (you start round 1; works through a pipe)')
    .addOption(
      new Option('--ai <id>', `your opponent: ${AI_IDS.join(', ')}`)
        .argParser(parseChoice(AI_IDS, 'The --ai'))
        .default('smallest'),
    )
    .option('--seed <n>', 'deal from this seed, to replay a game (default: a fresh one, printed)', parseSeed)
    .addHelpText('after', `\n${RULES_SUMMARY}\n\nExample:\n  tabletop uno-war play --ai biggest --seed 42`)
    .action(async (options: PlayOptions) => {
      await exitingOnInterrupt(() => playUnoWar(options));
    });
  return command;
}
