/**
 * An UnoWar AI module as a line-protocol program (ai-module.ts), in this thread: which `.mjs`
 * submissions are modules and which programs (every shipped one classified as it is meant), what
 * the module's answers become on the line and what the lab's judge then makes of them (the
 * rules of `--ais`), the modules it refuses, and the batched loop.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { randomInt } from '../../core/random.js';
import { CONCEDE_ROUND } from '../../games/uno-war/engine.js';
import { readObservation, unoWarProtocol } from '../../games/uno-war/protocol.js';
import { aiAnswerer, mjsKind, serveBatches } from './ai-module.js';

const examples = (folder: string): string => fileURLToPath(new URL(`../../../examples/${folder}/`, import.meta.url));
const source = (path: string): string => readFileSync(path, 'utf8');

/** Hearts on the 8 of Hearts: 7H, 9H play (suit), KS plays (rank), 2C does not, QD plays (rank). */
const OBSERVATION = 'hand 7H,KS,2C,9H,QD top 8H pile 3 score 2 4';
/** What the lab's judge makes of `answer` at OBSERVATION: the slot played, CONCEDE_ROUND, or the fault. */
const judged = (answer: string): number | { readonly fault: string } => unoWarProtocol.action(readObservation(OBSERVATION), answer);

describe('mjsKind', () => {
  it('takes every shipped module for a module and every shipped program for a program', () => {
    const modules = ['uno-war/my-counter.mjs', 'uno-war/smallest-agent.mjs', 'uno-war/competition/dave.mjs', 'connect-fwar/tightest-fit.mjs', 'connect-fwar/coin-flip.mjs'];
    for (const file of modules) expect(mjsKind(source(`${examples('')}${file}`)), file).toBe('AI module');
    const programs = ['uno-war/first-valid.mjs', 'uno-war/competition/bob.mjs', 'connect-fwar/first-fit-program.mjs'];
    for (const file of programs) expect(mjsKind(source(`${examples('')}${file}`)), file).toBe('program');
    // The competition folder holds exactly these two .mjs.
    expect(readdirSync(examples('uno-war/competition')).filter((name) => name.endsWith('.mjs'))).toEqual(['bob.mjs', 'dave.mjs']);
    expect(mjsKind("import { readFileSync } from 'node:fs';\nconst input = readFileSync(0, 'utf8');")).toBe('program');
  });

  it('says a file that neither exports nor reads its input is neither', () => {
    expect(() => mjsKind("// export default nothing\nconsole.log('hello');\n")).toThrow(/^neither an AI module \(no line starts with an export statement.*nor a line-protocol program \(it never reads its standard input/);
  });
});

describe('aiAnswerer', () => {
  it("answers with the card's code, or none for null; the lab plays that card, or concedes the round without a fault", async () => {
    const dave = aiAnswerer((await import(`${examples('uno-war/competition')}dave.mjs`)) as Record<string, unknown>);
    // A pile of three: Dave spends his highest playable card, the King of Spades (slot 1).
    expect(dave(OBSERVATION)).toBe('KS');
    expect(judged('KS')).toBe(1);
    // A new pile: his lowest, the Seven of Hearts.
    expect(dave(OBSERVATION.replace('pile 3', 'pile 1'))).toBe('7H');
    const none = aiAnswerer({ default: { getPlay: () => null } });
    expect(none(OBSERVATION)).toBe('none');
    expect(judged('none')).toBe(CONCEDE_ROUND);
  });

  it("writes a throw and an answer that is no card so that the lab's judge records them as faults (the round lost), as --ais does", () => {
    const answers = (getPlay: () => unknown): string => aiAnswerer({ default: { getPlay } })(OBSERVATION);
    const threw = answers(() => {
      throw new Error('no cards today\n\u001b[2J');
    });
    expect(threw).toBe('threw Error: no cards today\\n\\u001b[2J');
    expect(judged(threw)).toEqual({ fault: 'answered "threw Error: no cards today\\\\n\\\\u001b[2J", not a card' });
    // A string is no card, even a card's code; nor is a number.
    expect(answers(() => '7H')).toBe('"7H"');
    expect(judged('"7H"')).toEqual({ fault: 'answered "\\"7H\\"", not a card' });
    expect(answers(() => 42)).toBe('42');
    expect(answers(() => 'none')).toBe('"none"');
    expect(judged('"none"')).toMatchObject({ fault: expect.stringContaining('not a card') as string });
    // A card it does not hold, or one the pile does not take: its code, which the lab refuses.
    const card = (rank: number, suit: number) => ({ getRankNum: () => rank, getSuitNum: () => suit });
    expect(answers(() => card(5, 1))).toBe('5S');
    expect(judged('5S')).toEqual({ fault: 'answered 5S, which may not be played on the pile' });
    expect(answers(() => card(13, 4))).toBe('KD');
    expect(judged('KD')).toEqual({ fault: 'answered KD, which is not in its hand' });
    expect(answers(() => '\u2665'.repeat(300))).toMatch(/^"(\\u2665){199}\\u2026 \(102 more characters\)$/);
  });

  it('hands the AI a generator seeded by the observation: the same line, the same answer', () => {
    const random = {
      default: class {
        getPlay(hand: { get(i: number): unknown }, _pile: unknown, rng: Parameters<typeof randomInt>[0]): unknown {
          return hand.get(randomInt(rng, 5));
        }
      },
    };
    const lines = ['pile 1', 'pile 2', 'pile 3', 'pile 4', 'pile 5', 'pile 6'].map((pile) => OBSERVATION.replace('pile 3', pile));
    const first = lines.map(aiAnswerer(random));
    expect(lines.map(aiAnswerer(random))).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(1);
  });

  it('refuses a module whose default export is no AI, a lab agent, or an AI whose constructor throws, saying so', () => {
    expect(() => aiAnswerer({})).toThrow(/^exports nothing usable: expected a default export that is an AI class \(or object\) with getPlay\(hand, cardPile\); its default export is undefined$/);
    expect(() => aiAnswerer({ default: { act: () => 0 } })).toThrow(/^exports a lab agent \(act\(state, rng\)\), which needs the engine's whole state/);
    const Broken = class {
      constructor() {
        throw new TypeError('no deck');
      }
      getPlay(): null {
        return null;
      }
    };
    expect(() => aiAnswerer({ default: Broken })).toThrow(/^cannot be constructed: TypeError: no deck$/);
  });
});

describe('serveBatches', () => {
  it('answers each batch with one write of its K lines, whatever pieces the input comes in', () => {
    const writes: string[] = [];
    const server = serveBatches((line) => `${line.length}`, (text) => writes.push(text));
    const input = `game uno-war\nbatch 2\n${OBSERVATION}\nabc\nbatch 1\r\nxy\n`;
    for (let at = 0; at < input.length; at += 5) server.push(input.slice(at, at + 5));
    server.end();
    expect(writes).toEqual([`${OBSERVATION.length}\n3\n`, '2\n']);
    expect(() => serveBatches(() => '', () => undefined).push('batch x\n')).toThrow(/The lab sent a batch of "x" observations/);
  });
});
