/**
 * External programs as lab players over the batched line protocol (docs/player-protocol.md): the
 * messages a program is sent, its answers read as the game reads them, and every fault — a bad
 * line, no answer in time, an exit, a crash, an overlong line — a recorded fault of the games it
 * hit, with the run going on and every game counted.
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleFolder } from '../test-support/module-files.js';
import { expectPlaysBuiltInsGames } from '../test-support/same-games.js';
import { compareStrategies } from './player-comparison.js';
import { externalPlayerId, LockstepPlayer } from './external-players.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { runExperiment } from './runner.js';
import { resolvePlayer } from './user-players.js';
import { gameById } from './registry.js';
import { BatchPlayer, mergeTally, type ExperimentConfig } from './experiment.js';

const exampleFile = (path: string): string => fileURLToPath(new URL(`../../examples/${path}`, import.meta.url));
const firstFit = exampleFile('connect-fwar/first_fit.py');

/** Plays `games` games of `lineups` (players resolved as the CLI resolves them) and returns the tally. */
async function play(gameId: string, lineups: readonly (readonly string[])[], games: number, paired = true) {
  const game = gameById(gameId);
  const resolved: string[][] = [];
  for (const lineup of lineups) resolved.push(await Promise.all(lineup.map((p) => resolvePlayer(game, p))));
  const config: ExperimentConfig = { game: gameId, lineups: resolved, seed: 11, paired };
  return (await runExperiment({ config, ranges: [[0, games]], threads: 1 })).tally;
}
const { dir, write } = moduleFolder('tabletop-external-players-');
// These programs live in a temporary folder and report what they were sent by writing files there:
// the sandbox (lab/sandbox.ts, tested in arena/connect-four/sandbox.test.ts) would hide that folder
// and refuse the writes, so this file's programs run unfenced (with the warning).
process.env.TABLETOP_BOT_FENCE = 'none';

/** A node program that answers each observation line with `answer(line, decision)` (decision counts from 1), after `before(batch)` for each batch. */
function program(name: string, body: string): string {
  const url = write(
    name,
    `import { createInterface } from 'node:readline';
     const lines = createInterface({ input: process.stdin });
     let batch = 0, decision = 0, owed = 0, answers = [];
     const log = [];
     ${body}
     lines.on('line', (line) => {
       log.push(line);
       if (owed === 0) {
         if (line.startsWith('batch ')) { owed = Number(line.slice(6)); batch++; before(batch, log); answers = []; }
         return;
       }
       decision++;
       answers.push(answer(line, decision));
       if (--owed === 0) process.stdout.write(answers.join('\\n') + '\\n');
     });`,
  );
  return `exec:node ${fileURLToPath(url)}`;
}

const compare = (players: readonly string[], games: number, extra: { moveTimeLimitMs?: number } = {}) =>
  compareStrategies(connectFwarGame, { games, seed: 29, threads: 1, players, paired: true, moveTimeLimitMs: extra.moveTimeLimitMs });

// Thousands of games through a pipe to another process: a generous limit on a loaded machine, no timing asserted.
describe('external programs in the lab', { timeout: 180_000 }, () => {
  it("a Python program playing the assignment's BasicPlayer plays exactly basic's games on the same deals, on 1 and 2 threads", async () => {
    await expectPlaysBuiltInsGames('basic', `exec:python3 ${firstFit}`, 'first_fit', 3000, 29);
  });

  it("a JavaScript program playing BasicPlayer plays basic's games, the same tally however the games are split in ranges (more than are played side by side)", async () => {
    const id = await resolvePlayer(gameById('connect-fwar'), `exec:node ${exampleFile('connect-fwar/first-fit-program.mjs')}`);
    const config: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic'], [id]], seed: 5, paired: true };
    const player = new LockstepPlayer(config, 60_000);
    try {
      const whole = await player.play(0, 2300);
      const parts = await player.play(0, 700);
      mergeTally(parts, await player.play(700, 2300));
      expect(parts).toEqual(whole);
      expect(whole.lineups[1]!.seats[0]!.faults).toBeUndefined();
      expect(whole.lineups[1]).toEqual(whole.lineups[0]);
      expect(whole.lineups[0]).toEqual(new BatchPlayer({ ...config, lineups: [['basic']] }).play(0, 2300).lineups[0]);
    } finally {
      await player.close();
    }
  });

  it("a run measuring won deals (differences: 'wins') pairs each game's wins, as BatchPlayer does, not its scores", async () => {
    const first = program('first-move.mjs', `const before = () => {}; const answer = (line) => line.slice(line.indexOf(' moves ') + 7).split('|')[0];`);
    const config: ExperimentConfig = { game: 'klondike', lineups: [[await resolvePlayer(gameById('klondike'), first)], ['greedy']], seed: 3, paired: true, differences: 'wins' };
    const player = new LockstepPlayer(config, 60_000);
    try {
      const tally = await player.play(0, 40);
      const [ours, greedy] = tally.lineups.map((l) => l.seats[0]!);
      expect(ours!.faults).toBeUndefined();
      const d = tally.differences[0]!;
      expect(d.n).toBe(40);
      expect(d.sum).toBe(ours!.atMax - greedy!.atMax);
      expect(d.sumSq).toBeLessThanOrEqual(40);
    } finally {
      await player.close();
    }
  });

  it('sends `game connect-fwar` first, then batches of observation lines of many games, each with the card, the board and the cards dealt', async () => {
    const logFile = `${dir}/log.txt`;
    const spy = program(
      'spy.mjs',
      `import { writeFileSync } from 'node:fs';
       const before = (b, log) => { if (b === 4) writeFileSync(${JSON.stringify(logFile)}, log.join('\\n')); };
       const answer = () => 0;`,
    );
    await compare([spy], 40);
    const log = readFileSync(logFile, 'utf8').split('\n');
    // The 40 games are played in two halves of 20, each asked in turn: the first decisions of each
    // half, then the second decisions of the first half.
    expect(log[0]).toBe('game connect-fwar');
    expect([log[1], log[22], log[43]]).toEqual(['batch 20', 'batch 20', 'batch 20']);
    // The first decision of each game: one card dealt, an empty board.
    for (const line of [...log.slice(2, 22), ...log.slice(23, 43)]) expect(line).toMatch(/^card (A|[2-9]|10|J|Q|K)[SHCD] board - - - - dealt \1[SHCD]$/);
    // The second: the first card sits on column 0 (the program answered 0), the second is in hand.
    for (const line of log.slice(44, 64)) {
      const [, card, first, dealt] = /^card (\S+) board (\S+) - - - dealt (\S+)$/.exec(line)!;
      expect(dealt).toBe(`${first!},${card!}`);
    }
  });

  it('an answer that is no number is a fault of that game (the card is discarded) and the program goes on; an unplayable column is a discard', async () => {
    const stubborn = program('stubborn.mjs', `const before = () => {}; const answer = (line, d) => (d % 7 === 0 ? 'left' : '9');`);
    const result = await compare([stubborn], 30);
    const { faults, average } = result.players[0]!;
    expect(average).toBe(0); // column 9 is no column: every card is discarded
    expect(faults!.games).toBe(30);
    expect(faults!.examples[0]!.message).toBe('answered "left", not a column number');
  });

  it('no answer within the time limit fails every game of that batch, which the program plays no more; the next batch goes to a fresh program', async () => {
    const hangs = program(
      'hangs.mjs',
      `const before = () => {};
       const answer = (line, d) => { if (d === 25) { while (true) {} } return 0; };`,
    );
    const result = await compare([hangs, 'basic'], 20, { moveTimeLimitMs: 3000 });
    const hung = result.players[0]!;
    // The 20 games are played in two halves of 10: decision 25 is in the first half's second batch, and the
    // second half's batch queued behind it fails with it.
    expect(hung.faults!.games).toBe(20);
    expect(hung.faults!.examples[0]!.message).toMatch(/^gave no answer to a batch of 10 within the time limit of 3 s: it plays no more in this game$/);
    expect(result.players[1]!.faults).toBeUndefined();
  });

  it('a program that exits or crashes fails the games of its batch, and is started again for the next batch', async () => {
    const quits = program('quits.mjs', `const before = (b) => { if (b === 2) { console.error('giving up'); process.exit(3); } }; const answer = () => 0;`);
    const result = await compare([quits], 10);
    const { faults } = result.players[0]!;
    expect(faults!.games).toBe(10);
    expect(faults!.examples[0]!.message).toBe('exited with code 3 (its stderr: "giving up"): it plays no more in this game');
    // The games of later batches are asked of the program started again, and play without a fault.
    const marker = `${dir}/quit-once`;
    const quitsOnce = program(
      'quits-once.mjs',
      `import { existsSync, writeFileSync } from 'node:fs';
       const before = (b) => { if (b === 2 && !existsSync(${JSON.stringify(marker)})) { writeFileSync(${JSON.stringify(marker)}, ''); process.exit(3); } };
       const answer = () => 0;`,
    );
    const restarted = await compare([quitsOnce], 5000);
    expect(restarted.players[0]!.faults!.games).toBeGreaterThan(0);
    expect(restarted.players[0]!.faults!.games).toBeLessThan(5000);
    expect(restarted.players[0]!.faults!.examples[0]!.message).toBe('exited with code 3: it plays no more in this game');
    const crashes = program('crashes.mjs', `const before = (b) => { if (b === 1) process.kill(process.pid, 'SIGSEGV'); }; const answer = () => 0;`);
    const crashed = await compare([crashes], 5);
    expect(crashed.players[0]!.faults!.games).toBe(5);
    expect(crashed.players[0]!.faults!.examples[0]!.message).toMatch(/^(was killed by SIGSEGV|exited with code 139)/);
    expect(crashed.players[0]!.average).toBe(0);
  });

  it('a line longer than the protocol allows is a fault of the batch', async () => {
    const chatty = program('chatty.mjs', `const before = () => {}; const answer = () => 'x'.repeat(10000);`);
    const result = await compare([chatty], 3);
    expect(result.players[0]!.faults!.games).toBe(3);
    expect(result.players[0]!.faults!.examples[0]!.message).toMatch(/^answered a line longer than 4096 characters \("xxx/);
  });

  it('names a program after its last word, or as given; a name that is a built-in id is refused', () => {
    expect(externalPlayerId(connectFwarGame, 'exec:python3 bots/first_fit.py')).toBe('first_fit@exec:python3 bots/first_fit.py');
    expect(externalPlayerId(connectFwarGame, 'mine=exec:./bot --fast')).toBe('mine@exec:./bot --fast');
    expect(externalPlayerId(connectFwarGame, './bot.mjs')).toBeUndefined();
    expect(() => externalPlayerId(connectFwarGame, 'exec:./basic')).toThrow(/name it, as name=exec:<command>/);
    expect(() => externalPlayerId(connectFwarGame, 'exec:  ')).toThrow(/names no command/);
  });

  it("UnoWar: a program playing the assignment's AI (the first card that may go on the pile) plays exactly the built-in random's games", async () => {
    const tally = await play('uno-war', [['random', 'biggest'], [`exec:node ${exampleFile('uno-war/first-valid.mjs')}`, 'biggest']], 600);
    expect(tally.lineups[1]!.seats[0]!.faults).toBeUndefined();
    expect(tally.lineups[1]).toEqual(tally.lineups[0]);
  });

  it('UnoWar: `none` loses the round without a fault; a card not in the hand or not playable is a fault (the round is lost)', async () => {
    const passes = program('passes.mjs', `const before = () => {}; const answer = () => 'none';`);
    const tally = await play('uno-war', [[passes, 'smallest']], 20);
    expect(tally.lineups[0]!.seats[0]!.losses).toBe(20);
    expect(tally.lineups[0]!.seats[0]!.faults).toBeUndefined();
    // The top card itself is never in the hand of the player to move... unless dealt twice: answer the top card.
    const copies = program('copies.mjs', `const before = () => {}; const answer = (line) => line.split(' ')[3];`);
    const copied = await play('uno-war', [[copies, 'smallest']], 20);
    expect(copied.lineups[0]!.seats[0]!.faultExamples![0]!.message).toMatch(/^answered (A|[2-9]|10|J|Q|K)[SHCD], which is not in its hand$/);
    const unplayable = program('unplayable.mjs', `const before = () => {}; const answer = () => '2S';`);
    const refused = await play('uno-war', [['smallest', unplayable]], 20);
    const messages = refused.lineups[0]!.seats[1]!.faultExamples!.map((f) => f.message);
    expect(messages.every((m) => /^answered 2S, which (is not in its hand|may not be played on the pile)$/.test(m))).toBe(true);
  });

  it('UnoWar observation: the own hand, the top card, the pile and the score, and nothing of the opponent', async () => {
    const logFile = `${dir}/uno-log.txt`;
    const spy = program(
      'uno-spy.mjs',
      `import { writeFileSync } from 'node:fs';
       const before = (b, log) => { if (b === 3) writeFileSync(${JSON.stringify(logFile)}, log.join('\\n')); };
       const answer = () => 'none';`,
    );
    await play('uno-war', [[spy, 'smallest']], 5);
    const log = readFileSync(logFile, 'utf8').split('\n');
    // Five games in two halves: batches of 3 and 2.
    expect([log[0], log[1], log[5]]).toEqual(['game uno-war', 'batch 3', 'batch 2']);
    expect(log).toHaveLength(9); // up to the third batch's header
    for (const line of [...log.slice(2, 5), ...log.slice(6, 8)]) expect(line).toMatch(/^hand ((A|[2-9]|10|J|Q|K)[SHCD],){4}(A|[2-9]|10|J|Q|K)[SHCD] top (A|[2-9]|10|J|Q|K)[SHCD] pile 1 score 0 0$/);
  });

  it('Klondike: a shell program playing foundation moves first finishes its deals without a fault; a move not listed ends the deal as a fault', async () => {
    const tally = await play('klondike', [[`exec:sh ${exampleFile('klondike/foundations-first.sh')}`]], 30);
    expect(tally.lineups[0]!.seats[0]!.faults).toBeUndefined();
    expect(tally.lineups[0]!.seats[0]!.sum).toBeGreaterThan(0);
    const logFile = `${dir}/klondike-log.txt`;
    const wrong = program(
      'wrong.mjs',
      `import { writeFileSync } from 'node:fs';
       const before = () => {};
       const answer = (line) => { writeFileSync(${JSON.stringify(logFile)}, line); return 'mpp 1 9 2'; };`,
    );
    const faulted = await play('klondike', [[wrong]], 4);
    const seat = faulted.lineups[0]!.seats[0]!;
    expect(seat.faults).toBe(4);
    expect(seat.faultExamples![0]!.message).toBe('answered "mpp 1 9 2", not one of the legal moves');
    expect(seat.sum).toBe(0); // the deal ended at its first move: nothing on the foundations
    const observation = readFileSync(logFile, 'utf8');
    // Seven piles, the last card of each face up, the rest face down; the legal moves in the people's notation.
    expect(observation).toMatch(/^draw \S+ foundations - - - - piles (A|[2-9]|10|J|Q|K)[SHCD] \?,\S+ \?,\?,\S+ \?,\?,\?,\S+ \?,\?,\?,\?,\S+ \?,\?,\?,\?,\?,\S+ \?,\?,\?,\?,\?,\?,\S+ moves (\S+( \d+)*)(\|\S+( \d+)*)*$/);
    expect(observation).toContain('dd');
  });
});
