/**
 * A student's UnoWar AI module as a program over the line protocol, so that `uno-war competition`
 * plays it in the sandbox like every other submission (its crashes, hangs and exits are then a
 * program's, contained and recorded as faults). ai-module-program.ts is the program; this file
 * holds what it does, testable in a thread:
 *
 * - `mjsKind`: which a `.mjs` submission is, from its source, without running it.
 * - `aiAnswerer`: the module's default export recognised as `--ais ./x.mjs` recognises it (the
 *   game's `userPlayers`: an AI class or object with `getPlay(hand, cardPile)`), built once, and
 *   asked at each observation over the same read-only views of the hand and the pile. Its answer is
 *   written as the protocol's answer — the card's code, `none` for null — and judged by the lab as
 *   any program's answer is (games/uno-war/protocol.ts): one judge, the same rules.
 * - `serveBatches`: the batched protocol's loop (docs/player-protocol.md).
 */
import { cardCode } from '../../core/cards.js';
import { printable, thrownText } from '../../core/format.js';
import { isOverlong, LineSplitter, MAX_LINE_LENGTH } from '../../core/lines.js';
import { mix32, ReseedableRng } from '../../core/random.js';
import { describeValue, instanceWith } from '../../core/user-player-rules.js';
import { enginePileView } from '../../games/uno-war/card-pile.js';
import { engineHandView } from '../../games/uno-war/hand.js';
import { readObservation } from '../../games/uno-war/protocol.js';
import { cardIndexOf, unoWarUserPlayers } from '../../games/uno-war/user-players.js';

/** A line that starts with an `export` statement: what makes a `.mjs` submission an AI module. */
const EXPORT_STATEMENT = /^[ \t]*export\b/m;
/** What a program that reads its standard input names: `process.stdin`, `/dev/stdin`, or reads file descriptor 0. */
const READS_STDIN = /\bstdin\b|\bread(?:File)?Sync\(\s*0\b/;

/**
 * Which a `.mjs` submission is, from its source text: an AI module when a line starts with an
 * `export` statement (a module exports its AI: `export default class …`), else a line-protocol
 * program — which reads its standard input. A RangeError for a file that is neither.
 */
export function mjsKind(source: string): 'AI module' | 'program' {
  if (EXPORT_STATEMENT.test(source)) return 'AI module';
  if (READS_STDIN.test(source)) return 'program';
  throw new RangeError(
    'neither an AI module (no line starts with an export statement, as `export default class MyAI { getPlay(hand, cardPile) { … } }` does) nor a line-protocol program (it never reads its standard input, process.stdin)',
  );
}

/** The longest answer line written for a value that is no card (the lab quotes at most 80 characters of it). */
const MAX_ANSWER_CHARS = 200;

/** `text` as one answer line: printable ASCII (anything else escaped), bounded. */
const answerLine = (text: string): string => printable(text, MAX_ANSWER_CHARS).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The seed of the generator an AI is handed at `observation`: from the line alone, so an answer never depends on which batch or thread asked (FNV-1a, then mixed). */
function observationSeed(observation: string): number {
  let hash = 0x811c_9dc5;
  for (let i = 0; i < observation.length; i++) hash = Math.imul(hash ^ observation.charCodeAt(i), 0x0100_0193);
  return mix32(hash);
}

/**
 * The answerer of the AI module whose exports are `exported`: from an observation line to the
 * answer line. An Error whose message is the phrase about the module when it cannot play here:
 * its default export is no AI (a lab agent, `act(state, rng)`, included: it needs the engine's
 * whole state, and a competition shows each player only what the protocol sends), or its
 * constructor throws.
 *
 * Each answer: a card (the assignment's `Card`, or any object with `getRankNum`/`getSuitNum`) is
 * its code, `null` (or undefined) is `none`, a throw is `threw <error>`, anything else is that
 * value described (`42`, `"7H"`: a string is no card) — all but a held card the pile takes are
 * faults when the lab reads them, as for `--ais`. The AI is handed, as a last argument, a
 * generator seeded from the observation line.
 */
export function aiAnswerer(exported: Record<string, unknown>): (observation: string) => string {
  const make = unoWarUserPlayers.recognise(exported.default);
  if (make === undefined) {
    if (instanceWith(exported.default, 'act') !== undefined) {
      throw new Error(
        'exports a lab agent (act(state, rng)), which needs the engine\'s whole state: a competition shows each player only what the line protocol sends, so it takes the assignment\'s AI, a default export with getPlay(hand, cardPile)',
      );
    }
    throw new Error(`exports nothing usable: expected a default export that is an AI class (or object) with getPlay(hand, cardPile); its default export is ${describeValue(exported.default)}`);
  }
  let ai: { getPlay(hand: unknown, cardPile: unknown, rng: unknown): unknown };
  try {
    ai = make() as typeof ai;
  } catch (error) {
    throw new Error(`cannot be constructed: ${thrownText(error)}`);
  }
  const rng = new ReseedableRng();
  return (observation) => {
    const state = readObservation(observation);
    rng.reseed(observationSeed(observation));
    let answer: unknown;
    try {
      answer = ai.getPlay(engineHandView(state, 0), enginePileView(state), rng);
    } catch (error) {
      return answerLine(`threw ${thrownText(error)}`);
    }
    if (answer === null || answer === undefined) return 'none';
    const card = cardIndexOf(answer);
    return card >= 0 ? cardCode(card) : answerLine(describeValue(answer));
  };
}

/**
 * The batched line protocol's loop, on text pushed in pieces (`push`, then `end` when the input
 * closes): `game <id>` is taken as read, each `batch K` and the K observation lines after it are
 * answered with `answer` of each, the K lines written at once with `write`.
 */
export function serveBatches(answer: (observation: string) => string, write: (text: string) => void): { push(text: string): void; end(): void } {
  let owed = 0;
  let answers = '';
  const splitter = new LineSplitter(MAX_LINE_LENGTH, (line) => {
    if (isOverlong(line)) throw new RangeError(`The lab sent a line longer than ${String(line.limit)} characters`);
    if (owed > 0) {
      answers += `${answer(line)}\n`;
      if (--owed === 0) {
        write(answers);
        answers = '';
      }
    } else if (line.startsWith('batch ')) {
      owed = Number(line.slice('batch '.length));
      if (!(Number.isSafeInteger(owed) && owed >= 1)) throw new RangeError(`The lab sent a batch of ${JSON.stringify(line.slice('batch '.length))} observations`);
    }
  });
  return { push: (text) => splitter.push(text), end: () => splitter.end() };
}
