/**
 * `npm run gen:uno-war-values -- [--games N] [--seed S] [--out FILE]`: computes the UnoWar coach's
 * round-value tables (src/games/uno-war/round-values.ts) and writes them to
 * src/games/uno-war/round-values.data.ts (or FILE). Reproducible: the same games and seed give the
 * same file.
 *
 * For each built-in AI as the opponent, N games (default GAMES) of a person playing Smallest's
 * policy against it, the person in seat 0 in even games and seat 1 in odd ones, are played round by
 * round; each round is counted by where it started (who started it, the high cards of each hand)
 * and how it ended (who won it, the high cards left). The chance of winning from every cell then
 * follows exactly from these transitions, score by score from 9-9 down: a round won adds a point
 * and starts the next round, a round lost gives the opponent a point and the start; ten points win.
 * A transition seen in few rounds is smoothed toward the transitions of all rounds with the same
 * starter (SMOOTHING rounds' worth), so rare cells (a poor hand against Random, which seldom wins a
 * round) stay sensible.
 */
import { writeFileSync } from 'node:fs';
import { deriveSeed, rngFromSeed } from '../core/random.js';
import { BUILT_IN_AGENTS, Policy, smallestCardAgent, type BuiltInPolicy } from '../games/uno-war/agents.js';
import { Phase, UnoWarState } from '../games/uno-war/engine.js';
import { STRENGTHS, TABLE_CELLS, cellIndex, encodeTable, handStrength, HIGH_RANK } from '../games/uno-war/round-values.js';
import { WINNING_SCORE } from '../games/uno-war/rules.js';
import { option, usageFailure, wholeOption } from './test-set-args.js';
import { checkBenchArgs } from './args.js';

const fail: (message: string) => never = usageFailure('gen:uno-war-values');
/** Games simulated per opponent: about 3 million rounds against Smallest, a minute or two of CPU. */
const GAMES = 200_000;
/** Rounds' worth of the starter's pooled transitions added to each starting cell's own. */
const SMOOTHING = 10;
/** Starting cells (who starts, the person's high cards, the opponent's) and end cells (who won, the same). */
const CELLS = 2 * STRENGTHS * STRENGTHS;

checkBenchArgs(
  'gen:uno-war-values',
  'usage: npm run gen:uno-war-values -- [--games N] [--seed S] [--out FILE]\nThe UnoWar coach\'s round-value tables (see src/games/uno-war/round-values.ts).\n',
  { valued: ['--games', '--seed', '--out'] },
);
const games = wholeOption('--games', GAMES, 1, fail);
const seed = wholeOption('--seed', 1, 0, fail);
const out = option('--out') ?? 'src/games/uno-war/round-values.data.ts';

/** A start or end cell: `first` is whether the person starts the round (or won it). */
const cell = (first: boolean, strength: number, opponentStrength: number): number => ((first ? 1 : 0) * STRENGTHS + strength) * STRENGTHS + opponentStrength;

/** The table's index (round-values.ts cellIndex) of scores (a, b) and a start or end `cell` of the counts (the inverse of `cell`). */
const tableIndex = (a: number, b: number, at: number): number => {
  const hands = at % (STRENGTHS * STRENGTHS);
  return cellIndex(a, b, at >= STRENGTHS * STRENGTHS, Math.floor(hands / STRENGTHS), hands % STRENGTHS);
};

/** The rounds of `games` games against `policy`'s agent: counts[start * CELLS + end]. */
function countTransitions(policy: BuiltInPolicy): { counts: Float64Array; rounds: number } {
  const opponent = BUILT_IN_AGENTS[policy];
  const counts = new Float64Array(CELLS * CELLS);
  const rng = rngFromSeed(deriveSeed(seed, policy));
  let rounds = 0;
  for (let game = 0; game < games; game++) {
    const person = game & 1;
    const agents = person === 0 ? [smallestCardAgent, opponent] : [opponent, smallestCardAgent];
    const state = new UnoWarState();
    while (state.phase === Phase.Deal) state.dealNext(rng);
    while (!state.isTerminal()) {
      const start = cell(state.starter === person, handStrength(state, person), handStrength(state, person ^ 1));
      state.playToRoundEnd(agents, rng);
      counts[start * CELLS + cell(state.lastRoundWinner === person, handStrength(state, person), handStrength(state, person ^ 1))]!++;
      rounds++;
    }
  }
  return { counts, rounds };
}

/** The transition probabilities from the counts, each starting cell smoothed toward its starter's pooled transitions. */
function transitions(counts: Float64Array): Float64Array {
  const probabilities = new Float64Array(CELLS * CELLS);
  for (const first of [false, true]) {
    const pooled = new Float64Array(CELLS);
    const starts = Array.from({ length: STRENGTHS * STRENGTHS }, (_, i) => cell(first, Math.floor(i / STRENGTHS), i % STRENGTHS));
    for (const start of starts) for (let end = 0; end < CELLS; end++) pooled[end]! += counts[start * CELLS + end]!;
    const pooledTotal = pooled.reduce((a, b) => a + b, 0);
    for (const start of starts) {
      let total = 0;
      for (let end = 0; end < CELLS; end++) total += counts[start * CELLS + end]!;
      for (let end = 0; end < CELLS; end++) probabilities[start * CELLS + end] = (counts[start * CELLS + end]! + (SMOOTHING * pooled[end]!) / pooledTotal) / (total + SMOOTHING);
    }
  }
  return probabilities;
}

/** The chance of winning from every cell (cellIndex), solved from the transitions score by score. */
function solve(probabilities: Float64Array): Float64Array {
  const chances = new Float64Array(TABLE_CELLS);
  /** The chance from scores (a, b) with the person starting or not, from end cell `end`'s hands; 1 or 0 when a score is 10. */
  const after = (a: number, b: number, end: number): number => {
    if (a === WINNING_SCORE) return 1;
    if (b === WINNING_SCORE) return 0;
    return chances[tableIndex(a, b, end)]!;
  };
  for (let a = WINNING_SCORE - 1; a >= 0; a--) {
    for (let b = WINNING_SCORE - 1; b >= 0; b--) {
      for (let start = 0; start < CELLS; start++) {
        let chance = 0;
        for (let end = 0; end < CELLS; end++) {
          const p = probabilities[start * CELLS + end]!;
          if (p === 0) continue;
          // The end cell says who won the round: they score and start the next one.
          chance += p * (end >= STRENGTHS * STRENGTHS ? after(a + 1, b, end) : after(a, b + 1, end));
        }
        chances[tableIndex(a, b, start)] = chance;
      }
    }
  }
  return chances;
}

const policies = [Policy.FirstValid, Policy.Smallest, Policy.Biggest] as const;
const tables: string[] = [];
const notes: string[] = [];
for (const policy of policies) {
  const { counts, rounds } = countTransitions(policy);
  const chances = solve(transitions(counts));
  tables.push(encodeTable(chances));
  const opening = (first: boolean): number => chances[cellIndex(0, 0, first, 1, 1)]!;
  notes.push(`against ${BUILT_IN_AGENTS[policy].name}: ${String(rounds)} rounds; at 0-0 with one high card each: ${(100 * opening(true)).toFixed(1)}% starting, ${(100 * opening(false)).toFixed(1)}% not`);
}
const text = `// Generated by \`npm run gen:uno-war-values -- --games ${String(games)} --seed ${String(seed)}\` (src/bench/uno-war-round-values.ts): do not edit;
// run that command again to regenerate it. The UnoWar coach's round-value tables (round-values.ts):
// the chance of winning the game from a round's end, by cell (cellIndex), for a person playing
// Smallest's policy against each built-in AI, as 16-bit values in base64.
export const ROUND_VALUE_DATA = {
  games: ${String(games)},
  seed: ${String(seed)},
  highRank: ${String(HIGH_RANK)},
  /** By the opponent's policy: FirstValid (Random Card AI), Smallest, Biggest. */
  tables: [
${tables.map((table) => `    '${table}',`).join('\n')}
  ],
} as const;
`;
writeFileSync(out, text);
process.stdout.write(`${notes.join('\n')}\nwrote ${out}\n`);
