/**
 * The competition folder's scan, shared by every game's `competition DIR`: which entries are
 * submissions, the manifest of programs, what is left out and why (each on stderr), and the rule
 * of two — with stand-in builders, so no compiler or program runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moduleFolder } from '../test-support/module-files.js';
import { hiddenFromPrograms, scanSubmissions, type SubmissionBuilders } from './competition-folder.js';
import { UsageError } from './options.js';

const { dir } = moduleFolder('tabletop-competition-folder-');
let folders = 0;

/** A fresh competition folder holding `files`. */
function folder(files: Record<string, string>): string {
  const root = join(dir, String(++folders));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const builders: SubmissionBuilders<string> = {
  java: (_folder, name) => {
    if (name === 'broken') throw new Error('does not compile:\nbroken/B.java:1: error: oops');
    return `java:${name}`;
  },
  module: (_path, entry) => `module:${entry.replace(/\.mjs$/, '')}`,
  program: (name, command) => `program:${name}:${command}`,
  nameOf: (built) => built.split(':')[1]!,
};

function scan(root: string): Promise<{ usable: string[]; leftOut: string[]; stderr: string }> {
  let stderr = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  // (The folders lie under /tmp, which a sandbox with a /tmp of its own would hide: none runs here.)
  return scanSubmissions(root, builders, false).then(({ usable, leftOut }) => ({ usable, leftOut, stderr }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a folder of submissions', () => {
  it('builds Java folders, .mjs files and the manifest\'s programs; leaves out a broken one, a bad command and a second of one name, each with the reason', async () => {
    const root = folder({
      'alice/A.java': '',
      'alice/Helper.java': '',
      'broken/B.java': '',
      'notes/readme.txt': '',
      'bob.mjs': '',
      'notes.txt': '',
      'bots.json': JSON.stringify({ carol: 'python3 carol.py', bad: 42, alice: 'sh alice.sh' }),
    });
    const { usable, leftOut, stderr } = await scan(root);
    expect(usable).toEqual(['java:alice', 'module:bob', `program:carol:cd '${root}' && python3 carol.py`]);
    expect(leftOut).toEqual(['broken', 'bad', 'alice']);
    expect(stderr).toBe(
      [
        `Submissions in ${root}:`,
        '  alice: Java, compiled',
        '  bob.mjs: JavaScript module, loaded',
        '  broken: LEFT OUT: does not compile:',
        '    broken/B.java:1: error: oops',
        '  carol: program (python3 carol.py)',
        '  bad: LEFT OUT: its command must be a string, got 42',
        "  alice: LEFT OUT: it would play as 'alice', the name alice plays under: rename one",
        '3 play, 3 left out (broken, bad, alice)',
        '',
        '',
      ].join('\n'),
    );
  });

  it('refuses, as a usage error, a folder it cannot read, a manifest that is no JSON object, and fewer than two usable submissions', async () => {
    await expect(scan(join(dir, 'nothing-here'))).rejects.toThrow(UsageError);
    await expect(scan(folder({ 'a.mjs': '', 'b.mjs': '', 'bots.json': '{ "x": ' }))).rejects.toThrow(/bots\.json: not JSON/);
    await expect(scan(folder({ 'a.mjs': '', 'b.mjs': '', 'bots.json': '["python3 x.py"]' }))).rejects.toThrow('expected an object { "<name>": "<command>" }');
    await expect(scan(folder({ 'a.mjs': '', 'broken/B.java': '' }))).rejects.toThrow(/^A competition needs at least two usable submissions, .* has 1$/);
  });

  it('is refused under /tmp when the sandbox gives programs a /tmp of their own, unless the command starts from within it', () => {
    expect(hiddenFromPrograms('/tmp/class/subs', '/home/me', true)).toBe(
      '/tmp/class/subs lies under /tmp, which the sandbox replaces by an empty folder of their own for the programs it runs, so theirs would not be found: move the submissions out of /tmp, or start the command from /tmp/class/subs',
    );
    expect(hiddenFromPrograms('/tmp/class/subs', '/tmp/class', true)).toBeUndefined();
    expect(hiddenFromPrograms('/tmp/class/subs', '/tmp/class/subs', true)).toBeUndefined();
    expect(hiddenFromPrograms('/tmp/class/subs', '/tmp/class/subs2', true)).toBeDefined();
    expect(hiddenFromPrograms('/tmpx/subs', '/home/me', true)).toBeUndefined();
    expect(hiddenFromPrograms('/home/me/subs', '/home/me', true)).toBeUndefined();
    expect(hiddenFromPrograms('/tmp/class/subs', '/home/me', false)).toBeUndefined();
  });
});
