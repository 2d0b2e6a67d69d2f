/**
 * Students' Java players, dropped in unchanged (`java:<file or folder>`): compiled with the game's
 * harness, cached, and played over the batched line protocol — a Java BasicPlayer plays exactly
 * the built-in basic's games, a Java SmallestCardAI exactly the built-in smallest's, and a file
 * that does not compile is one clear error with the compiler's message.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { moduleFolder } from '../test-support/module-files.js';
import { expectPlaysBuiltInsGames } from '../test-support/same-games.js';
import type { ExperimentConfig } from './experiment.js';
import { compareStrategies } from './player-comparison.js';
import { gameById } from './registry.js';
import { runExperiment } from './runner.js';
import { PlayerModuleError, resolvePlayer } from './user-players.js';

const example = (path: string): string => fileURLToPath(new URL(`../../examples/${path}`, import.meta.url));
const { dir } = moduleFolder('tabletop-java-players-');
const cache = join(dir, 'cache');

beforeAll(() => {
  // A cache of this file's own, so that the first use compiles.
  process.env.XDG_CACHE_HOME = cache;
  // The cache lies under /tmp, which the sandbox (lab/sandbox.ts) replaces by a private tmpfs: these
  // programs run unfenced (with the warning); the sandbox is tested in arena/connect-four/sandbox.test.ts.
  process.env.TABLETOP_BOT_FENCE = 'none';
});

function javaFile(folder: string, name: string, text: string): string {
  mkdirSync(join(dir, folder), { recursive: true });
  const path = join(dir, folder, name);
  writeFileSync(path, text);
  return path;
}

// Compiling with javac and starting JVMs takes long on a loaded machine: a generous limit, no timing asserted.
describe('Java players', { timeout: 240_000 }, () => {
  it("a student's BasicPlayer, unchanged, plays exactly the built-in basic's games on the same deals, on 1 and 2 threads", async () => {
    await expectPlaysBuiltInsGames('basic', `java:${example('connect-fwar/java/BasicPlayer.java')}`, 'BasicPlayer', 3000, 41);
  });

  it("a student's SmallestCardAI, unchanged, plays exactly the built-in smallest's UnoWar games", async () => {
    const game = gameById('uno-war');
    const java = await resolvePlayer(game, `java:${example('uno-war/java/SmallestCardAI.java')}`);
    const config: ExperimentConfig = { game: 'uno-war', lineups: [['smallest', 'biggest'], [java, 'biggest'], ['biggest', java]], seed: 5, paired: true };
    const { tally } = await runExperiment({ config, ranges: [[0, 500]], threads: 1 });
    expect(tally.lineups[1]).toEqual(tally.lineups[0]);
    const reference = await runExperiment({ config: { ...config, lineups: [['biggest', 'smallest']] }, ranges: [[0, 500]], threads: 1 });
    expect(tally.lineups[2]).toEqual(reference.tally.lineups[0]);
  });

  it("a file that does not compile is one error with the compiler's message; nothing is cached", async () => {
    const broken = javaFile('broken', 'Broken.java', 'public class Broken implements Player {\n  public int nextMove(Card card, Board board) { return card.rank }\n}\n');
    const error = await resolvePlayer(gameById('connect-fwar'), `java:${broken}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlayerModuleError);
    expect((error as Error).message).toMatch(/^The Java player .*Broken\.java does not compile:\n.*Broken\.java:2: error: ';' expected/s);
    // On the command line: a usage error, exit status 2, with the compiler's words.
    const cli = await runCli(['connect-fwar', 'compare', '--players', `basic,java:${broken}`, '--games', '10'], { env: { XDG_CACHE_HOME: cache } });
    expect(cli.status).toBe(2);
    expect(cli.stdout).toBe('');
    expect(cli.stderr).toMatch(/^tabletop: --players: The Java player .*Broken\.java does not compile:\n.*Broken\.java:2: error: ';' expected/s);
    expect(existsSync(join(cache, 'tabletop-lab', 'java')) ? readdirSync(join(cache, 'tabletop-lab', 'java')).filter((f) => f.endsWith('.tmp')) : []).toEqual([]);
  });

  it('compiles once: the same sources are found in the cache, outside the source folder; a changed file is compiled again', async () => {
    const source = 'public class Lefty implements Player {\n  public int nextMove(Card card, Board board) { return 0; }\n}\n';
    const file = javaFile('lefty', 'Lefty.java', source);
    const game = gameById('connect-fwar');
    const first = await resolvePlayer(game, `java:${file}`);
    const compiled = readdirSync(join(cache, 'tabletop-lab', 'java'));
    expect(await resolvePlayer(game, `java:${file}`)).toBe(first);
    expect(readdirSync(join(cache, 'tabletop-lab', 'java'))).toEqual(compiled);
    expect(readdirSync(join(dir, 'lefty'))).toEqual(['Lefty.java']);
    writeFileSync(file, source.replace('return 0', 'return 1'));
    expect(await resolvePlayer(game, `java:${file}`)).not.toBe(first);
  });

  it("a folder: the one player class in it, with its helper classes; the student's own Card.java is left out for the harness's", async () => {
    javaFile('folder', 'Helper.java', 'class Helper {\n  static int firstFit(Card c, Board b) { for (int i = 0; i < 4; i++) if (b.canPlay(c, i)) return i; return -1; }\n}\n');
    javaFile('folder', 'Card.java', 'this is not Java: the harness has its own Card\n');
    javaFile('folder', 'Mine.java', 'public class Mine implements Player {\n  public int nextMove(Card card, Board board) { return Helper.firstFit(card, board); }\n}\n');
    const result = await compareStrategies(gameById('connect-fwar'), { games: 500, seed: 3, threads: 1, players: ['basic', `java:${join(dir, 'folder')}`], paired: true });
    expect(result.players[1]!.name).toBe('Mine');
    expect(result.players[1]!.average).toBe(result.players[0]!.average);
    javaFile('folder', 'Other.java', 'public class Other implements Player {\n  public int nextMove(Card card, Board board) { return 0; }\n}\n');
    await expect(resolvePlayer(gameById('connect-fwar'), `java:${join(dir, 'folder')}`)).rejects.toThrow(/holds several players \(Mine, Other\)/);
  });

  it('a player that throws: a fault of that game, the card discarded; the others go on', async () => {
    const file = javaFile('thrower', 'NoKings.java', 'public class NoKings implements Player {\n  public int nextMove(Card card, Board board) {\n    if (card.getRankNum() == 13) throw new IllegalStateException("no kings");\n    return 0;\n  }\n}\n');
    const result = await compareStrategies(gameById('connect-fwar'), { games: 50, seed: 3, threads: 1, players: [`java:${file}`] });
    expect(result.players[0]!.faults!.games).toBeGreaterThan(0);
    expect(result.players[0]!.faults!.games).toBeLessThan(50);
    expect(result.players[0]!.faults!.examples[0]!.message).toBe('answered "threw java.lang.IllegalStateException: no kings", not a column number');
  });
});
