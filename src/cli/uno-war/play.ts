/**
 * `tabletop uno-war play`: a person plays UnoWar against one of the spec's AIs in the terminal.
 * The game runs on the engine (every rule stays in games/): the person is player 1 and starts round
 * 1, the AI is player 2. Works the same through a pipe: each prompt reads one line, and the end of
 * input ends the game like `q`.
 *
 * A game takes hundreds of plays, so the person is asked only for real choices: a hand with one
 * playable card plays it by itself (unless `--no-play-forced`), and `r` or `g` hands the seat to a
 * stand-in AI (`--stand-in`) until the end of the round or of the game.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { Card, cardName } from '../../core/cards.js';
import { CHANCE, builtInAgent } from '../../core/game.js';
import { freshSeed, rngFromSeed } from '../../core/random.js';
import { unoWarGame } from '../../games/uno-war/definition.js';
import { Phase, UnoWarState } from '../../games/uno-war/engine.js';
import { SLOT_CHOICES, parseSlot, playRefusal, slotName } from '../../games/uno-war/notation.js';
import { HAND_SIZE, WINNING_SCORE, canPlayOn } from '../../games/uno-war/rules.js';
import { parseChoice, parseSeed, UsageError } from '../options.js';
import { UnoCoach } from './coach.js';
import { coachLegend } from '../../games/uno-war/coach-text.js';
import { addColorOptions, styleFor } from '../style.js';
import { exitingOnInterrupt, PlaySession } from '../terminal.js';

interface PlayOptions {
  /** An agent id of the game's registry (`unoWarGame.agents`). */
  readonly ai: string;
  readonly seed?: number;
  /** Play a hand's only playable card without asking (default true). */
  readonly playForced?: boolean;
  /** Who plays for the person after `r` or `g` (default smallest). */
  readonly standIn?: string;
  readonly color?: boolean;
  /** Rate each card the person chooses (games/uno-war/coach.ts) and sum them up at the end. */
  readonly coach?: boolean;
  /** The coach, and a warning before a costly card (the person confirms it). */
  readonly training?: boolean;
  /** Answers to replay first, one character each: a slot 1-5, r or g (as --moves gives them). */
  readonly moves?: string;
}

/** Every AI of the registry that plays fair (the web app offers the same list). */
const AI_IDS = Object.keys(unoWarGame.agents).filter((id) => unoWarGame.agents[id]!.seesHidden !== true);

/** How long the stand-in plays for the person: nobody, to the end of this round, or of the game. */
type FastForward = 'none' | 'round' | 'game';

/** A fair AI of the registry, by id (the options' parser has already checked it). */
function fairAgent(id: string): ReturnType<(typeof unoWarGame.agents)[string]['create']> {
  const factory = builtInAgent(unoWarGame, id);
  if (factory === undefined || factory.seesHidden === true) throw new RangeError(`Unknown UnoWar AI '${id}' (choose from ${AI_IDS.join(', ')})`);
  return factory.create();
}

const HUMAN = 0;
const AI_PLAYER = 1;

export const RULES_SUMMARY = [
  'Each of you holds 5 cards. A round starts with one card on the pile; you take turns playing a',
  'card of the same suit as the top card, or of equal or higher rank (Ace is lowest). The card you',
  'play is replaced from the deck in the same slot. Whoever cannot play loses the round; the winner',
  `starts the next one. First to ${String(WINNING_SCORE)} rounds wins. You start round 1.`,
  `Type the slot number (${SLOT_CHOICES}) of the card to play, help for these rules, q to quit. A hand with one`,
  'playable card plays it by itself. r lets an AI play for you to the end of the round, g to the',
  'end of the game.',
].join('\n');

/** Whether a card index is a Heart or a Diamond (suits 2 and 4). */
const isRed = (index: number): boolean => Card.fromIndex(index).getSuitNum() % 2 === 0;

/** The distinct cards of `player`'s hand that can go on the pile now. */
function playableCards(state: UnoWarState, player: number): number[] {
  const cards = new Set<number>();
  for (let slot = 0; slot < HAND_SIZE; slot++) {
    const card = state.handCard(player, slot);
    if (canPlayOn(state.top, card)) cards.add(card);
  }
  return [...cards];
}

/** Plays one game on `input`/`output`; returns the winner (0 you, 1 the AI) or -1 if it ended early. */
export async function playUnoWar(options: PlayOptions, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<number> {
  const session = new PlaySession(input, output);
  const say = (text: string): void => {
    session.say(text);
  };
  const style = styleFor(options.color, output);
  const name = (index: number): string => (isRed(index) ? style.red(cardName(index)) : cardName(index));
  const seed = options.seed ?? freshSeed();
  const agent = fairAgent(options.ai);
  const standIn = fairAgent(options.standIn ?? 'smallest');
  const aiName = agent.name;
  say(`UnoWar against ${aiName}, deal ${String(seed)}. Replay it with --seed ${String(seed)}.`);
  say(RULES_SUMMARY);
  const replayCommand = (answers: string): string =>
    ['tabletop uno-war play', '--ai', options.ai, '--seed', String(seed), ...(options.standIn === undefined || options.standIn === 'smallest' ? [] : ['--stand-in', options.standIn]), ...(options.playForced === false ? ['--no-play-forced'] : []), ...(answers === '' ? [] : ['--moves', answers]), '--coach'].join(' ');
  const coach = options.coach === true || options.training === true ? new UnoCoach(seed, agent, name, replayCommand) : null;
  if (coach !== null) say(coachLegend(agent));
  /** The person's answers so far (slots 1-5, r, g): what --moves replays. */
  let answers = '';
  const replay = Array.from(options.moves ?? '');

  const state = new UnoWarState();
  const rng = rngFromSeed(seed);
  const score = (): string => `Score: you ${String(state.scores[HUMAN])}, ${aiName} ${String(state.scores[AI_PLAYER])}.`;

  /** Applies `action` and tells what happened: new piles, draws, rounds won and lost. */
  const apply = (action: number): void => {
    const phase = state.phase;
    const rounds = state.rounds;
    const mover = state.toMove;
    state.applyAction(action);
    if (phase === Phase.Pile) say(`\nRound ${String(rounds + 1)}: the pile starts with the ${name(action)}.`);
    if (phase === Phase.Refill && mover === HUMAN) say(`You draw the ${name(action)}.`);
    if (state.rounds > rounds) {
      const winner = state.lastRoundWinner;
      const top = name(state.top);
      say(winner === HUMAN ? `${aiName} cannot play on the ${top}: you win the round!` : `You have no card to play on the ${top}: ${aiName} wins the round.`);
      say(style.bold(score()));
      if (fastForward === 'round') fastForward = 'none';
    }
  };

  let fastForward: FastForward = 'none';
  try {
    while (!state.isTerminal()) {
      if (session.outputClosed) return -1;
      const player = state.currentPlayer();
      if (player === CHANCE) {
        apply(state.sampleChance(rng));
      } else if (player === AI_PLAYER) {
        const slot = agent.act(state, rng);
        say(`${aiName} plays the ${name(state.handCard(AI_PLAYER, slot))}.`);
        apply(slot);
      } else if (fastForward !== 'none') {
        const slot = standIn.act(state, rng);
        say(`You play the ${name(state.handCard(HUMAN, slot))} (${standIn.name} for you).`);
        apply(slot);
      } else {
        const playable = playableCards(state, HUMAN);
        showHand(state, say, name, score);
        if (playable.length === 1 && options.playForced !== false) {
          say(`You play the ${name(playable[0]!)}, your only playable card.`);
          apply(state.slotOfCard(HUMAN, playable[0]!));
          continue;
        }
        const replayed = replay.shift();
        const choice =
          replayed === undefined ? await askForSlot(state, session, name, score, coach === null ? undefined : () => void coach.prepare(state, answers)) : replayedChoice(state, replayed);
        if (choice === null) return -1;
        if (choice === 'round' || choice === 'game') {
          answers += choice.charAt(0);
          fastForward = choice;
          say(`${standIn.name} plays for you to the end of the ${choice}.`);
          continue;
        }
        const card = state.handCard(HUMAN, choice);
        if (replayed !== undefined) {
          say(`You play the ${name(card)} (replayed from --moves).`);
          answers += slotName(choice);
          apply(choice);
          continue;
        }
        const warning = options.training === true && coach !== null ? coach.warning(state, card, answers) : null;
        if (warning !== null) {
          say(warning);
          const confirm = await session.ask(`Play the ${name(card)} anyway? (y/n): `, '');
          if (confirm === null) {
            say(`End of input: game abandoned. ${score()}`);
            return -1;
          }
          if (!/^y(es)?$/i.test(confirm.trim())) continue;
        }
        say(`You play the ${name(card)}.`);
        if (coach !== null) say(coach.record(state, card, answers));
        answers += slotName(choice);
        apply(choice);
      }
    }
    const youWon = state.winner() === HUMAN;
    say(style.bold(`\n${youWon ? 'You win the game' : `${aiName} wins the game`} ${String(state.scores[state.winner()])}-${String(state.scores[state.winner() ^ 1])}.`));
    return state.winner();
  } finally {
    for (const line of coach?.summary() ?? []) say(line);
    session.close();
  }
}

/** An answer of --moves at a decision: a playable slot, or r/g; a usage error if it is neither. */
function replayedChoice(state: UnoWarState, answer: string): number | 'round' | 'game' {
  if (answer === 'r') return 'round';
  if (answer === 'g') return 'game';
  const slot = parseSlot(answer);
  if (slot === undefined) throw new UsageError(`--moves: '${answer}' is not a slot ${SLOT_CHOICES}, r or g`);
  const why = playRefusal(state.top, state.handCard(HUMAN, slot));
  if (why !== null) throw new UsageError(`--moves: slot ${answer}: ${why}`);
  return slot;
}

/** The pile, the score and the person's hand, playable cards marked. */
function showHand(state: UnoWarState, say: (text: string) => void, name: (card: number) => string, score: () => string): void {
  say(`\nPile: ${name(state.top)} (${String(state.pileSize)} card${state.pileSize === 1 ? '' : 's'}). ${score()}`);
  say('Your hand:');
  for (let slot = 0; slot < HAND_SIZE; slot++) {
    const card = state.handCard(HUMAN, slot);
    // Padded on the plain name, so colour cannot shift the column.
    const padding = ' '.repeat(Math.max(0, 17 - cardName(card).length));
    say(`  ${slotName(slot)}  ${canPlayOn(state.top, card) ? `${name(card)}${padding} playable` : name(card)}`);
  }
}

/**
 * Reads a playable slot, or `round`/`game` (the stand-in is to play on); null when the player quits
 * or input ends. `prepare` runs once the prompt is shown, while the person thinks (a line typed
 * meanwhile waits in the input).
 */
async function askForSlot(state: UnoWarState, session: PlaySession, name: (card: number) => string, score: () => string, prepare?: () => void): Promise<number | 'round' | 'game' | null> {
  const say = (text: string): void => {
    session.say(text);
  };
  for (;;) {
    const asked = session.ask(`Your card (${SLOT_CHOICES}, r or g to let an AI finish the round or game, q to quit): `, '');
    prepare?.();
    const line = await asked;
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
    if (answer === 'r' || answer === 'round') return 'round';
    if (answer === 'g' || answer === 'game') return 'game';
    const slot = parseSlot(answer);
    if (slot === undefined) {
      say(`'${line.trim()}' is not a slot: type a number from ${SLOT_CHOICES.replace('-', ' to ')}, r, g, or q to quit.`);
      continue;
    }
    const card = state.handCard(HUMAN, slot);
    const why = playRefusal(state.top, card, (c) => `the ${name(c)}`);
    if (why !== null) {
      say(`${why.charAt(0).toUpperCase()}${why.slice(1)}.`);
      continue;
    }
    return state.slotOfCard(HUMAN, card);
  }
}

export function registerPlay(command: Command): Command {
  const play = command
    .command('play')
    .description('play UnoWar against an AI in the terminal (you start round 1; works through a pipe)')
    .addOption(
      new Option('--ai <id>', `your opponent: ${AI_IDS.join(', ')}`)
        .argParser(parseChoice(AI_IDS, 'The --ai'))
        .default('smallest'),
    )
    .option('--seed <n>', 'deal from this seed, to replay a game (default: a fresh one, printed)', parseSeed)
    .addOption(
      new Option('--stand-in <id>', `the AI that plays for you after r or g: ${AI_IDS.join(', ')}`)
        .argParser(parseChoice(AI_IDS, 'The --stand-in'))
        .default('smallest'),
    )
    .option('--no-play-forced', 'ask even when only one card of your hand can be played')
    .option('--coach', "after each card you choose, every playable card's chance to win the game and what yours cost; a summary after the game")
    .option('--training', 'the coach, and a warning before a costly card (you confirm it or choose again)')
    .option('--moves <answers>', 'replay these answers first (a slot 1-5, r or g per question, e.g. 13r2), then play on from there', (text: string) => {
      if (!/^[1-5rg]*$/i.test(text.trim())) throw new InvalidArgumentError(`--moves: '${text}' is not a list of answers 1-5, r or g`);
      return text.trim().toLowerCase();
    });
  addColorOptions(play)
    .addHelpText('after', `\n${RULES_SUMMARY}\n\nExamples:\n  tabletop uno-war play --ai biggest --seed 42\n  tabletop uno-war play --ai biggest --seed 42 --coach`)
    .action(async (options: PlayOptions) => {
      await exitingOnInterrupt(() => playUnoWar(options));
    });
  return command;
}
