/**
 * `tabletop klondike play`: Klondike in the terminal over BasicKlondike. Commands mirror the model's
 * moves, with piles and foundations counted from 1, left to right, as people count them (the game's
 * notation, games/klondike/notation.ts, turns them into the model's 0-based indices). Works the
 * same through a pipe: each prompt reads one line; end of input ends the game.
 *
 * The solver (solver/solver.ts) stands behind `h` and `solve`: it sees every card, as a hint from a
 * solitaire program does, and answers within a budget — winnable (with a line), unwinnable (proved)
 * or undecided, which is said as such. Stuck detection, the auto-finish and the ending need no
 * search (see `stuckReason` and `autoFinish`).
 */
import { Option, type Command } from 'commander';
import { formatDuration, plural } from '../../core/format.js';
import { freshSeed } from '../../core/random.js';
import { BasicKlondike } from '../../games/klondike/basic-klondike.js';
import { IllegalArgumentError, IllegalStateError } from '../../games/klondike/errors.js';
import { applyMove, engineStateOf, hint, legalMovesOfState, type KlondikeMove } from '../../games/klondike/moves.js';
import type { KlondikeState } from '../../games/klondike/engine.js';
import { COACH_LEGEND, KlondikeCoach } from './coach.js';
import type { KlondikeModel, UndoableKlondikeModel } from '../../games/klondike/model.js';
import { canStillProgress, finishStopSentence, planFinish, type FinishPlan, type FinishStop } from '../../games/klondike/progress.js';
import { winningHint } from '../../games/klondike/solver/hint.js';
import type { SolveResult } from '../../games/klondike/solver/solver.js';
import { dealState, seededDeal, solveDeal } from '../../games/klondike/solver/deal.js';
import { EngineKlondike } from '../../games/klondike/engine-klondike.js';
import { Card } from '../../games/klondike/card.js';
import { readDealFile } from './deal.js';
import { addRulesOptions, parseDraw, parsePiles, rulesOf, rulesWords, type RulesOptions } from './rules-options.js';
import { moveCommand, parseCommand, pileRefusal, placeName } from '../../games/klondike/notation.js';
import { lineStepWords, lowerFirst } from '../../games/klondike/words.js';
import { KlondikeTextualView } from '../../games/klondike/view.js';
import { parseChoice, parsePositiveNumber, parseSeed, UsageError } from '../options.js';
import { DIFFICULTY_GRADES, gradeInTable, pickGradedDeal, type DifficultyGrade } from '../../games/klondike/difficulty.js';
import { difficultyTableFor, shippedDifficultyRuleSets, type GradedRuleSet } from '../../games/klondike/difficulty-data.js';
import { addColorOptions, colorSuits, PLAIN, styleFor, type Style } from '../style.js';
import { exitingOnInterrupt, PlaySession } from '../terminal.js';

interface PlayOptions extends RulesOptions {
  readonly seed?: number;
  /** A file holding the deal (Solvitaire's JSON deal, PySol's board text or the --deck notation). */
  readonly deal?: string;
  readonly piles: number;
  readonly draw: number;
  /** Deal only deals the solver proves winnable (from --seed upwards). */
  readonly winnable?: boolean;
  /** Deal a deal of this grade from the rule set's grading table, picked by --seed (or a fresh seed). */
  readonly difficulty?: DifficultyGrade | 'any';
  /** Finish by itself once every card is face up (default true). */
  readonly autoFinish?: boolean;
  /** The solver's time for a hint, `solve` or a --winnable deal, in seconds. */
  readonly solverTime: number;
  readonly color?: boolean;
  /** Rate each move the person makes (games/klondike/coach.ts) and sum them up at the end. */
  readonly coach?: boolean;
  /** The coach, and a warning before a costly move (the person confirms it). */
  readonly training?: boolean;
  /** Moves to make first, as commands separated by commas (`dd,mpf 1 1`): how the coach's summary replays a game. */
  readonly moves?: string;
}

export const DEFAULT_SOLVER_SECONDS = 3;
/** Deals --winnable tries before giving up. */
export const WINNABLE_TRIES = 100;
/** The solver's position budget for one question (its default); time is the usual limit. */
const SOLVER_STATES = 2_000_000;

/** How a session plays: colour, the auto-finish, and the solver's time. */
export interface SessionOptions {
  readonly style?: Style;
  readonly autoFinish?: boolean;
  readonly solverTimeMs?: number;
  /** Rates each move the person makes; its summary closes the session. */
  readonly coach?: KlondikeCoach;
  /** With `coach`: warn before a costly move and make it only when the person confirms. */
  readonly training?: boolean;
}

export const COMMAND_HELP = [
  'Commands (piles and foundations are numbered from 1, left to right):',
  '  mpp SRC COUNT DEST  move COUNT cards from pile SRC onto pile DEST',
  '  md DEST             move the first draw card onto pile DEST',
  '  mpf SRC F           move the last card of pile SRC to foundation F',
  '  mdf F               move the first draw card to foundation F',
  '  dd                  discard the first draw card (it goes to the back of the draw pile;',
  '                      --rules standard: turn the stock, or the waste over)',
  '  mfp F DEST          --rules standard: move the top card of foundation F onto pile DEST',
  '  u                   undo the last move',
  '  h                   hint: a move that keeps the deal winnable, asked of the solver',
  '  solve               the rest of a winning line, from the solver',
  '  f                   finish: play every card to the foundations (once every card is face up)',
  '  help                this list',
  '  q                   quit',
].join('\n');

/**
 * The spec's textual view (exactly; colour only wraps its red cards), the pile numbers, then the
 * score and how many cards the draw pile holds.
 */
function picture(model: KlondikeModel, style: Style): string {
  const ruler = Array.from({ length: model.getNumPiles() }, (_, p) => placeName(p).padStart(3)).join('');
  const state = engineStateOf(model);
  const stock = state.queueLength;
  const view = colorSuits(new KlondikeTextualView(model).toString(), style);
  const rule = style.dim(`${'-'.repeat(ruler.length)}\n${ruler}`);
  if (state.config.standardRules) {
    const passes = state.config.passes === Infinity ? 'unlimited passes' : `pass ${String(state.recycles + 1)} of ${String(state.config.passes)}`;
    return `${view}\n${rule}\nScore: ${String(model.getScore())}   Stock: ${plural(stock - state.waste, 'card')}   Waste: ${plural(state.waste, 'card')} (${passes})   Points: ${String(state.points())} (${state.config.scoring})\n`;
  }
  const drawPile = stock === 0 ? 'empty' : `${plural(stock, 'card')} (${String(model.getDrawCards().length)} shown)`;
  return `${view}\n${rule}\nScore: ${String(model.getScore())}   Draw pile: ${drawPile}\n`;
}

/** Whether every card is on a foundation. */
function isWon(model: KlondikeModel): boolean {
  const state = engineStateOf(model);
  return state.score === state.config.deckSize;
}

/**
 * Why no move can help any more, or null while one might. The verdict is `canStillProgress`
 * (games/klondike/progress.ts, shared with the web page): it searches every position the player can
 * reach by shifting face-up runs, up to STUCK_SEARCH_POSITIONS, and when none of them can put a card
 * on a foundation, play a stock card or turn a face-down card up, nothing the player does can ever
 * change the game. A search that hits its bound claims nothing (`h` asks the solver, which can
 * prove a deal lost).
 */
export function stuckReason(model: KlondikeModel): string | null {
  // The search knows the assignment's draw pile only; under the standard rules it says nothing.
  if (engineStateOf(model).config.standardRules) return null;
  if (isWon(model) || canStillProgress(model, STUCK_SEARCH_POSITIONS)) return null;
  const queued = engineStateOf(model).queueLength;
  const what = queued === 0 ? 'the piles' : `the piles and the ${plural(queued, 'card')} of the draw pile`;
  return `no sequence of moves with ${what} can put another card on a foundation or turn up a face-down card`;
}

/** Positions the stuck search may visit before it gives up (and claims nothing). */
export const STUCK_SEARCH_POSITIONS = 5_000;

/**
 * The finish: once every card of the cascade is face up, plays every card to the foundations
 * (`planFinish`, games/klondike/progress.ts, which argues why this always wins under the
 * assignment's rules) and returns the plan with its moves made. Under the standard rules the finish
 * may be unable to win (no pass through the stock left, or a card that never comes to the top of
 * the waste): the plan says why, and nothing is changed. Null (nothing changed) while the cascade
 * still hides a card.
 */
export function autoFinish(model: KlondikeModel): FinishPlan | null {
  const plan = planFinish(model);
  if (plan?.stop === null) for (const move of plan.moves) applyMove(model, move);
  return plan;
}

/** What the terminal and the page say when the finish cannot win from here. */
export function finishStopMessage(stop: FinishStop): string {
  return `${finishStopSentence(stop)}, or type u to take moves back.`;
}

/** What the solver says about the position, in one or more lines, and the line when winnable. */
function solveHere(model: KlondikeModel, timeMs: number): SolveResult {
  return solveDeal(engineStateOf(model).clone(), { timeMs, maxStates: SOLVER_STATES });
}

function searched(result: SolveResult): string {
  return `${plural(result.states, 'position')} in ${formatDuration(result.elapsedMs)}`;
}

/**
 * The answer to `h`: the move that keeps a winnable deal winnable with the fewest draws before it
 * (`winningHint`), in words that name the card and with its commands, or the verdict, said honestly.
 */
export function solverHint(model: KlondikeModel, timeMs: number): string {
  const state = engineStateOf(model);
  if (state.config.standardRules) {
    // The standard rules' solver gives a whole line: its first move is the hint.
    const solved = solveHere(model, timeMs);
    const first = solved.moves?.[0];
    if (first !== undefined) return `Hint: ${lowerFirst(lineStepWords(state, solved.moves!).text)}, typed ${moveCommand(first)}. It keeps the deal winnable; the solver found a win in ${plural(solved.moves!.length, 'more move')} (type solve to see one).`;
    if (solved.verdict === 'unwinnable') return `This deal cannot be won from here: the solver searched every position (${searched(solved)}). Type u to take moves back.`;
    return `Undecided: the solver neither found a win nor proved there is none within its budget (${searched(solved)}).`;
  }
  const found = winningHint(state, { timeMs, maxStates: SOLVER_STATES });
  const line = found.line ?? [];
  if (found.verdict === 'winnable' && found.move !== null) {
    const step = lineStepWords(state, line);
    const commands = `${found.draws === 0 ? '' : `${found.draws === 1 ? 'dd' : `dd ×${String(found.draws)}`}, then `}${moveCommand(found.move)}`;
    return `Hint: ${lowerFirst(step.text)}, typed ${commands}. It keeps the deal winnable; the solver found a win in ${plural(line.length, 'more move')} (type solve to see one).`;
  }
  const greedy = hint(model);
  const usual = greedy === null ? '' : ` The usual hint, for points: ${moveCommand(greedy)}.`;
  if (found.verdict === 'unwinnable') return `This deal cannot be won from here: the solver searched every position (${searched(found.solved)}).${usual} Type u to take moves back.`;
  return `Undecided: the solver neither found a win nor proved there is none within its budget (${searched(found.solved)}).${usual}`;
}

/** The answer to `solve`: the rest of a winning line, or the verdict. */
export function solverLine(model: KlondikeModel, timeMs: number): string {
  const result = solveHere(model, timeMs);
  if (result.verdict === 'winnable') {
    const moves = (result.moves ?? []).map(moveCommand);
    return `A winning line from here, ${plural(moves.length, 'move')} (found in ${formatDuration(result.elapsedMs)}; ×N: N times):\n${wrap(runs(moves), 100)}`;
  }
  if (result.verdict === 'unwinnable') return `No winning line: this deal cannot be won from here (the solver searched every position, ${searched(result)}).`;
  return `Undecided: the solver found no winning line and did not prove there is none within its budget (${searched(result)}).`;
}

/** Runs of the same command written once with a count: `dd, dd, dd` → `dd ×3`. */
function runs(commands: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < commands.length; ) {
    let j = i + 1;
    while (commands[j] === commands[i]) j++;
    out.push(j - i === 1 ? commands[i]! : `${commands[i]!} ×${String(j - i)}`);
    i = j;
  }
  return out;
}

/** `items` joined by ', ' in lines of at most `width` characters. */
function wrap(items: readonly string[], width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line === '' ? item : `${line}, ${item}`;
    if (next.length > width && line !== '') {
      lines.push(`${line},`);
      line = item;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

/** Opens a terminal game: deals from the seed (a fresh one when none is given, printed), then plays. */
export async function playKlondike(options: PlayOptions, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<void> {
  const solverTimeMs = options.solverTime * 1000;
  const rules = rulesOf(options);
  if (options.deal !== undefined && (options.seed !== undefined || options.winnable === true)) throw new UsageError('--deal plays the deal in the file: it takes neither --seed nor --winnable.');
  const fromFile = options.deal === undefined ? null : readDealFile(options.deal, options.piles);
  const graded = gradedRuleSet(options);
  let seed = options.difficulty === undefined ? (options.seed ?? freshSeed()) : pickDeal(graded!, options.difficulty, options.seed ?? freshSeed());
  const deal = (): UndoableKlondikeModel => {
    try {
      if (fromFile === null && rules.rules !== 'standard') {
        const model = new BasicKlondike(seed);
        model.startGame(model.getDeck(), true, options.piles, options.draw);
        return model;
      }
      const { piles, order } = fromFile ?? { piles: options.piles, order: Array.from(seededDeal(seed, options.piles, options.draw).dealOrder) };
      if (rules.rules === 'standard') return new EngineKlondike(dealState(order, piles, rules));
      // The assignment's model, dealt the file's cards in their order.
      const model = new BasicKlondike();
      model.startGame(order.map((c) => Card.fromIndex(c)), false, piles, options.draw);
      return model;
    } catch (error) {
      if (error instanceof IllegalArgumentError) throw new UsageError(error.message);
      throw error;
    }
  };
  let model = deal();
  let proof = '';
  if (options.winnable === true) {
    for (let tries = 1; ; tries++) {
      const result = solveHere(model, solverTimeMs);
      if (result.verdict === 'winnable') {
        proof = ` The solver proved it winnable (${searched(result)}).`;
        break;
      }
      const why = result.verdict === 'unwinnable' ? 'the solver proved it cannot be won' : `the solver could not decide it within ${formatDuration(solverTimeMs)}`;
      output.write(`Deal ${String(seed)} skipped: ${why}.\n`);
      if (tries === WINNABLE_TRIES) throw new UsageError(`No winnable deal among ${String(WINNABLE_TRIES)} tried from --seed ${String(options.seed ?? seed - WINNABLE_TRIES + 1)}; give the solver more time with --solver-time.`);
      seed = seed === Number.MAX_SAFE_INTEGER ? 0 : seed + 1;
      model = deal();
    }
  }
  const shape = `${plural(model.getNumPiles(), 'pile')}, ${rules.rules === 'standard' ? rulesWords(rules, true) : `${plural(options.draw, 'draw card')} shown`}`;
  if (fromFile !== null) output.write(`Klondike, the deal of ${options.deal!}: ${shape}.\n`);
  else output.write(`Klondike, deal ${String(seed)}: ${shape}. Replay it with --seed ${String(seed)}.${proof}${gradeSentence(graded, seed)}\n`);
  output.write(`${COMMAND_HELP}\n\n`);
  if (options.moves !== undefined) output.write(`${plural(replayMoves(model, options.moves), 'move')} replayed from --moves.\n`);
  let coach: KlondikeCoach | undefined;
  if (options.coach === true || options.training === true) {
    const replay = (moves: string): string => replayCommand(options, fromFile === null ? seed : null, moves);
    coach = new KlondikeCoach(fromFile === null ? seed : 0, replay);
    output.write(`${COACH_LEGEND}\n`);
  }
  await playSession(model, input, output, { style: styleFor(options.color, output), autoFinish: options.autoFinish !== false, solverTimeMs, coach, training: options.training === true });
}

/**
 * The rule set of the options as the grading tables name it, after the checks of --difficulty: it
 * goes with neither --deal nor --winnable (its deals are proved winnable), needs 7 piles and a
 * rule set with a table. Null for a game with another number of piles or a pasted deal.
 */
function gradedRuleSet(options: PlayOptions): GradedRuleSet | null {
  // Scoring changes no move, so the tables ignore it.
  const graded: GradedRuleSet = rulesOf(options);
  if (options.difficulty === undefined) return options.piles === 7 && options.deal === undefined ? graded : null;
  if (options.deal !== undefined || options.winnable === true) throw new UsageError('--difficulty picks a deal proved winnable from the grading table: it takes neither --deal nor --winnable.');
  if (options.piles !== 7) throw new UsageError('--difficulty: the deals are graded with 7 piles only.');
  if (difficultyTableFor(graded) === null) {
    // The tables are per draw under either rule set, so the draw is named under the assignment's too.
    const words = (rules: GradedRuleSet): string => (rules.rules === 'assignment' ? `the assignment's rules, draw ${String(rules.draw)}` : rulesWords(rules));
    const tables = shippedDifficultyRuleSets().map(words);
    throw new UsageError(`--difficulty: no deals are graded for ${words(graded)}; graded are ${tables.join('; ')} (docs/klondike.md, "Difficulty").`);
  }
  return graded;
}

/** The deal of `grade` that `seed` picks from the rule set's table (a usage error if the table has none of it). */
function pickDeal(rules: GradedRuleSet, grade: DifficultyGrade | 'any', seed: number): number {
  const deal = pickGradedDeal(difficultyTableFor(rules)!, grade, seed);
  if (deal === null) throw new UsageError(`--difficulty ${grade}: the grading table of ${rulesWords(rules)} holds no deal of that grade.`);
  return deal;
}

/** " Difficulty: hard (…)." for a deal the rule set's table grades, else nothing. */
function gradeSentence(rules: GradedRuleSet | null, deal: number): string {
  const table = rules === null ? null : difficultyTableFor(rules);
  const grade = table === null ? null : gradeInTable(table, deal);
  if (table === null || grade === null) return '';
  const measure = table.deals.get(deal)!;
  return ` Difficulty: ${grade} (the honest player won ${String(measure.wins)} of ${String(table.params.runs)} runs; the solver proved it winnable in ${measure.positions.toLocaleString('en-US')} positions).`;
}

/** Makes the moves of `--moves` (commands separated by commas); a usage error names the first that cannot be made. Returns how many. */
function replayMoves(model: KlondikeModel, moves: string): number {
  const commands = moves.split(',').map((command) => command.trim()).filter((command) => command !== '');
  commands.forEach((command, index) => {
    const where = `--moves: move ${String(index + 1)}, '${command}'`;
    const move = parseCommand(command.split(/\s+/), { piles: model.getNumPiles(), foundations: model.getNumFoundations() });
    if (typeof move === 'string') throw new UsageError(`${where}: ${move}`);
    const refusal = pileRefusal(model, move);
    if (refusal !== null) throw new UsageError(`${where}: ${refusal}`);
    try {
      applyMove(model, move);
    } catch (error) {
      if (error instanceof IllegalArgumentError || error instanceof IllegalStateError) throw new UsageError(`${where}: ${error.message}`);
      throw error;
    }
  });
  return commands.length;
}

/** The command that deals this game again, makes `moves` (--moves) and turns the coach on. */
function replayCommand(options: PlayOptions, seed: number | null, moves: string): string {
  const words = ['tabletop klondike play', ...(seed === null ? ['--deal', options.deal!] : ['--seed', String(seed)])];
  if (options.piles !== 7) words.push('--piles', String(options.piles));
  if (options.draw !== 3) words.push('--draw', String(options.draw));
  if (options.rules === 'standard') {
    words.push('--rules standard');
    if (options.passes !== undefined) words.push('--passes', options.passes === Infinity ? 'unlimited' : String(options.passes));
    if (options.scoring !== undefined) words.push('--scoring', options.scoring);
  }
  if (moves !== '') words.push('--moves', `'${moves}'`);
  return [...words, '--coach'].join(' ');
}

/**
 * Plays a started model from `input`, one command per line, until the game is won or over, the
 * player quits, or the input ends. Prints the view, the score and the draw pile after every change;
 * an invalid move prints `Invalid move. <reason>` and changes nothing. Says once when no move can
 * help any more (`stuckReason`), and finishes by itself once every card is face up (unless
 * `autoFinish` is false, or under the standard rules; `f` does it then, or says why it cannot win).
 */
export async function playSession(model: UndoableKlondikeModel, input: NodeJS.ReadableStream, output: NodeJS.WritableStream, options: SessionOptions = {}): Promise<void> {
  const style = options.style ?? PLAIN;
  const solverTimeMs = options.solverTimeMs ?? DEFAULT_SOLVER_SECONDS * 1000;
  const session = new PlaySession(input, output);
  const say = (text: string): void => {
    session.say(text);
  };
  const score = (): string => `Final score: ${String(model.getScore())}.`;
  /** Moves played by the last auto-finish (or f), for the ending; 0 once the player moves again. */
  let finished = 0;
  /** The stuck message last said, so it is said once per stuck position, not after every command. */
  let stuckSaid = false;

  const finish = (moves: readonly KlondikeMove[]): void => {
    finished = moves.length;
    say(`Every card is face up: ${plural(moves.length, 'move')} to the foundations.`);
    say(wrap(runs(moves.map(moveCommand)), 100));
  };
  /** After a change: the picture, then the auto-finish or the stuck note. */
  const changed = (): void => {
    session.write(picture(model, style));
    // Under the standard rules the finish waits for f: with every card face up a decision may
    // remain (the coach rates it), as a card turned past on the last pass is gone.
    if (options.autoFinish !== false && !isWon(model) && !engineStateOf(model).config.standardRules) {
      const plan = autoFinish(model);
      if (plan !== null && plan.moves.length > 0) {
        finish(plan.moves);
        session.write(picture(model, style));
      }
    }
    const stuck = stuckReason(model);
    if (stuck === null) stuckSaid = false;
    else if (!stuckSaid && !model.isGameOver()) {
      stuckSaid = true;
      say(`No move can help any more: ${stuck}. Score: ${String(model.getScore())}. Type u to take moves back, or q to quit.`);
    }
  };

  changed();
  try {
    for (;;) {
      if (isWon(model)) {
        const moves = engineStateOf(model).moves;
        const auto = finished === 0 ? '' : `, the last ${String(finished)} played by the auto-finish`;
        say(style.bold(`You won in ${plural(moves, 'move')}${auto}! Game over. ${score()}`));
        return;
      }
      if (model.isGameOver()) {
        say(`No move is left. Game over. ${score()}`);
        return;
      }
      const asked = session.ask('> ');
      // The coach rates the position's moves while the person thinks (the prompt is shown; a line typed meanwhile waits).
      const here = options.coach === undefined ? null : engineStateOf(model);
      if (here !== null && KlondikeCoach.hasChoice(here)) options.coach!.prepare(here);
      const line = await asked;
      if (line === null) {
        say(`\nEnd of input. ${score()}`);
        return;
      }
      const words = line.trim().split(/\s+/).filter((w) => w !== '');
      if (words.length === 0) continue;
      const word = words[0]!.toLowerCase();
      if (word === 'q' || word === 'quit') {
        say(`Quit. ${score()}`);
        return;
      }
      if (word === 'help' || word === '?') {
        say(COMMAND_HELP);
        continue;
      }
      if (word === 'h' || word === 'hint') {
        say(colorSuits(solverHint(model, solverTimeMs), style));
        continue;
      }
      if (word === 'solve') {
        say(solverLine(model, solverTimeMs));
        continue;
      }
      if (word === 'f' || word === 'finish') {
        const plan = autoFinish(model);
        if (plan === null) say('Not yet: the auto-finish needs every card of the piles face up.');
        else if (plan.stop !== null) say(finishStopMessage(plan.stop));
        else {
          finish(plan.moves);
          session.write(picture(model, style));
        }
        continue;
      }
      if (word === 'u' || word === 'undo') {
        if (!model.canUndo()) {
          say('Nothing to undo.');
          continue;
        }
        model.undo();
        finished = 0;
        stuckSaid = false;
        session.write(picture(model, style));
        continue;
      }
      const move = parseCommand(words, { piles: model.getNumPiles(), foundations: model.getNumFoundations() });
      if (typeof move === 'string') {
        say(move);
        continue;
      }
      const refusal = pileRefusal(model, move);
      if (refusal !== null) {
        say(`Invalid move. ${refusal}`);
        continue;
      }
      const coach = options.coach;
      const state = engineStateOf(model);
      if (coach !== undefined && isLegal(state, move) && KlondikeCoach.hasChoice(state)) {
        const warning = options.training === true ? coach.warning(state, move) : null;
        if (warning !== null) {
          say(colorSuits(warning, style));
          const confirm = await session.ask(`Make ${moveCommand(move)} anyway? (y/n): `, '');
          if (confirm === null) {
            say(`\nEnd of input. ${score()}`);
            return;
          }
          if (!/^y(es)?$/i.test(confirm.trim())) continue;
        }
        say(colorSuits(coach.record(state, move), style));
      }
      try {
        applyMove(model, move);
        finished = 0;
      } catch (error) {
        if (error instanceof IllegalArgumentError || error instanceof IllegalStateError) {
          say(`Invalid move. ${error.message}`);
          continue;
        }
        throw error;
      }
      changed();
    }
  } finally {
    for (const line of options.coach?.summary() ?? []) say(colorSuits(line, style));
    session.close();
  }
}

/** Whether `move` can be made in `state` (the model's checks say why not, when it cannot). */
function isLegal(state: KlondikeState, move: KlondikeMove): boolean {
  const command = moveCommand(move);
  return legalMovesOfState(state, false).some((legal) => moveCommand(legal.move) === command);
}

export function registerPlay(command: Command): Command {
  const play = command
    .command('play')
    .description('play Klondike in the terminal (reads commands line by line; works through a pipe)')
    .option('--seed <n>', 'deal number (default: a fresh one, printed)', parseSeed)
    .option('--deal <file>', "play the deal in this file: Solvitaire's JSON deal, PySol's board text or the --deck notation")
    // A 52-card deck deals at most 9 cascade piles (45 cards); at most all 52 cards can be shown.
    .option('--piles <n>', 'cascade piles, 1 to 9', parsePiles, 7)
    .option('--draw <n>', 'draw cards shown, 1 to 52 (--rules standard: cards turned from the stock at a time)', parseDraw, 3)
    .option('--winnable', `deal only a deal the solver proves winnable: the first from --seed (or a fresh deal) upwards, at most ${String(WINNABLE_TRIES)} tried`)
    .option('--difficulty <grade>', `deal a deal proved winnable of this grade (${['any', ...DIFFICULTY_GRADES].join(', ')}) from the rule set's grading table, picked by --seed (or a fresh seed); 7 piles`, parseChoice(['any', ...DIFFICULTY_GRADES], 'The difficulty'))
    .option('--no-auto-finish', 'do not play the cards to the foundations by themselves once every card is face up (f does it)')
    .option('--coach', 'after each of your moves, the share of deals like yours that each move you could make keeps winnable, and what yours cost; a summary after the game')
    .option('--training', 'the coach, and a warning before a costly move (you confirm it or choose again)')
    .option('--moves <commands>', "make these moves first, commands separated by commas, e.g. 'dd,mpf 1 1' (how the coach's summary replays a game)")
    .addOption(new Option('--solver-time <seconds>', 'how long the solver may think for h, solve and --winnable').argParser(parsePositiveNumber('The solver time')).default(DEFAULT_SOLVER_SECONDS));
  addRulesOptions(play);
  addColorOptions(play)
    .addHelpText('after', `\n${COMMAND_HELP}`)
    .action(async (options: PlayOptions) => {
      await exitingOnInterrupt(() => playKlondike(options));
    });
  return command;
}
