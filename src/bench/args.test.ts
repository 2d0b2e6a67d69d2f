import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { benchArgsProblem } from './args.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const spec = { valued: ['--games', '--seed'], flags: ['--cpu'] };

describe('benchArgsProblem', () => {
  it('takes the options it knows, each valued one with its value', () => {
    expect(benchArgsProblem([], spec)).toBeNull();
    expect(benchArgsProblem(['--games', '10', '--cpu', '--seed', '-3'], spec)).toBeNull();
  });

  it('names a misspelt option, a stray word and a missing value', () => {
    expect(benchArgsProblem(['--game', '10'], spec)).toBe("unknown option '--game'");
    expect(benchArgsProblem(['--cpu', 'fast'], spec)).toBe("unexpected argument 'fast'");
    expect(benchArgsProblem(['--games'], spec)).toBe('--games needs a value');
    expect(benchArgsProblem(['--games', '--cpu'], spec)).toBe('--games needs a value');
    expect(benchArgsProblem(['--games=10'], spec)).toBe("write '--games 10' (a space, not '=')");
  });

  it('takes words that are not options only from a bench that reads them', () => {
    expect(benchArgsProblem(['label', '--games', '3'], { ...spec, positionals: true })).toBeNull();
    expect(benchArgsProblem(['label'], spec)).toBe("unexpected argument 'label'");
  });

  it('answers help wherever it is asked, before anything else', () => {
    expect(benchArgsProblem(['--games', '3', '--help'], spec)).toBe('help');
    expect(benchArgsProblem(['-h', '--bogus'], spec)).toBe('help');
  });
});

/** Every bench and generator of package.json run as `node dist/bench/….js`. */
const scripts = Object.entries(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts as Record<string, string>).flatMap(([name, command]) => {
  const file = /node (dist\/bench\/[\w-]+\.js)/.exec(command)?.[1];
  return file === undefined ? [] : [{ name, file }];
});

describe('every bench of package.json, built', () => {
  const run = promisify(execFile);
  const exitOf = async (file: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
    try {
      const { stdout, stderr } = await run(process.execPath, [file, ...args], { cwd: REPO, timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  };

  it('are found (the list is not empty)', () => {
    expect(scripts.map((s) => s.name)).toEqual(expect.arrayContaining(['bench', 'bench:klondike', 'bench:coach', 'bench:solver']));
  });

  for (const { name, file } of scripts) {
    it(`${name}: refuses an option it does not know, with its usage, before running`, async () => {
      const { code, stderr } = await exitOf(file, ['--no-such-option', '1']);
      expect(code).toBe(2);
      expect(stderr).toMatch(/'--no-such-option'/);
      expect(stderr).toMatch(/usage: /);
    });

    it(`${name}: prints its usage on --help`, async () => {
      const { code, stdout } = await exitOf(file, ['--help']);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^usage: /);
    });
  }
});
