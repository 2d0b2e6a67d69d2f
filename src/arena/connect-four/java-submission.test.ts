/**
 * Students' Java players (the assignment's Player.Player) compiled with the shipped harness and
 * played over the line protocol, inside the sandbox. Needs javac (scripts/ensure-jdk.sh installs it).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ExternalBot } from './external-bot.js';
import { buildJavaSubmission, JavaBuildError } from './java-submission.js';
import { Referee } from './referee.js';

const EXAMPLES = fileURLToPath(new URL('../../../examples/connect-four/competition/', import.meta.url));
const cache = mkdtempSync(join(tmpdir(), 'tabletop-java-'));
afterAll(() => {
  rmSync(cache, { recursive: true, force: true });
});
// A JVM on a loaded machine starts slowly: limits far from what a working player needs.
const GENEROUS = { timeLimitMs: 60_000, setupLimitMs: 120_000 } as const;

describe('a Java Player.Player submission', () => {
  it('compiles once (cached by its sources) and plays a whole game through the harness, its prints kept off the protocol', async () => {
    const build = buildJavaSubmission(join(EXAMPLES, 'alice'), cache);
    expect(build.name).toBe('alice');
    const compiledAt = statSync(join(build.classDir, 'compiled')).mtimeMs;
    expect(buildJavaSubmission(join(EXAMPLES, 'alice'), cache)).toEqual(build);
    expect(statSync(join(build.classDir, 'compiled')).mtimeMs).toBe(compiledAt);
    const java = (): ExternalBot => new ExternalBot({ name: 'alice', command: build.command, cwd: build.classDir });
    const result = await new Referee(GENEROUS).play(java(), java());
    expect(['four-in-a-row', 'board-full']).toContain(result.reason);
    // Both play the same deterministic rule: red opens in the centre, yellow blocks on top of it.
    expect(result.moves.slice(0, 2)).toEqual([3, 3]);
  });

  it("reports a compile error with javac's message, naming the student's file", () => {
    expect(() => buildJavaSubmission(join(EXAMPLES, 'broken'), cache)).toThrow(JavaBuildError);
    expect(() => buildJavaSubmission(join(EXAMPLES, 'broken'), cache)).toThrow(/^broken: does not compile:\nbroken\/broken\.java:10: error: incompatible types: String cannot be converted to int/);
  });

  it('refuses a folder without <name>/<name>.java, saying what the layout is', () => {
    const folder = join(cache, 'carol');
    mkdirSync(folder);
    writeFileSync(join(folder, 'Main.java'), 'class Main {}\n');
    expect(() => buildJavaSubmission(folder, cache)).toThrow(new JavaBuildError(`carol: no carol.java in ${folder} (the assignment's layout: carol/carol.java in package carol)`));
  });

  it('a class that is not a Player.Player fails at init with the reason on stderr (a recorded crash)', async () => {
    const folder = join(cache, 'dave');
    mkdirSync(folder);
    writeFileSync(join(folder, 'dave.java'), 'package dave;\npublic class dave {}\n');
    const build = buildJavaSubmission(folder, cache);
    const other = buildJavaSubmission(join(EXAMPLES, 'alice'), cache);
    const result = await new Referee(GENEROUS).play(new ExternalBot({ name: 'dave', command: build.command, cwd: build.classDir }), new ExternalBot({ name: 'alice', command: other.command, cwd: other.classDir }));
    expect(result).toMatchObject({ winner: false, reason: 'crashed', offender: true, moves: [] });
    expect(result.message).toBe('red (dave) exited with code 2 (stderr: "dave.dave does not implement Player.Player")');
  });
});
