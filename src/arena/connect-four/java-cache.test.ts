/**
 * One cache of compiled Java for every game: a Connect Four submission and an UnoWar AI land in
 * the same folder, $XDG_CACHE_HOME/tabletop-lab/java (else ~/.cache/tabletop-lab/java), compiled
 * by the one compile function. Needs javac.
 */
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { javaCacheDir } from '../../lab/java-compile.js';
import { javaPlayerId } from '../../lab/java-players.js';
import { gameById } from '../../lab/registry.js';
import { moduleFolder } from '../../test-support/module-files.js';
import { buildJavaSubmission } from './java-submission.js';

const example = (path: string): string => fileURLToPath(new URL(`../../../examples/${path}`, import.meta.url));
const { dir } = moduleFolder('tabletop-java-cache-');
const before = process.env.XDG_CACHE_HOME;
afterAll(() => {
  if (before === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = before;
});

describe('the Java class cache', { timeout: 240_000 }, () => {
  it('lies under $XDG_CACHE_HOME when it is set, else under ~/.cache', () => {
    expect(javaCacheDir({ XDG_CACHE_HOME: '/var/cache/me' })).toBe('/var/cache/me/tabletop-lab/java');
    expect(javaCacheDir({})).toBe(join(homedir(), '.cache', 'tabletop-lab', 'java'));
    expect(javaCacheDir({ XDG_CACHE_HOME: '' })).toBe(join(homedir(), '.cache', 'tabletop-lab', 'java'));
  });

  it('holds the Connect Four submissions and the other games\' Java players alike', () => {
    process.env.XDG_CACHE_HOME = dir;
    const cache = join(dir, 'tabletop-lab', 'java');
    const submission = buildJavaSubmission(example('connect-four/competition/alice'));
    expect(dirname(submission.classDir)).toBe(cache);
    const id = javaPlayerId(gameById('uno-war'), `java:${example('uno-war/java/SmallestCardAI.java')}`, process.cwd())!;
    expect(id).toContain(`-cp '${cache}/uno-war-SmallestCardAI-`);
    expect(readdirSync(cache).sort()).toEqual([expect.stringMatching(/^connect-four-alice-[0-9a-f]{32}$/), expect.stringMatching(/^uno-war-SmallestCardAI-[0-9a-f]{32}$/)]);
  });
});
