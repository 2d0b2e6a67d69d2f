/**
 * Runs the built `tabletop` binary (dist/cli/main.js) as a child process, the way a user would.
 * `npm test` builds before running the tests.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { FENCE_WARNING } from '../arena/connect-four/external-bot.js';

export const CLI_PATH = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface CliResult {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  /** Written to stdin, which is then closed (omit: stdin is closed at once). */
  readonly input?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly timeoutMs?: number;
  /** The folder it is started from (default: this process's). */
  readonly cwd?: string;
}

/**
 * `stderr` without the one warning a machine with no fence for external bots prints (no
 * bubblewrap, not root): what a test that expects nothing else on stderr compares.
 */
export function withoutFenceWarning(stderr: string): string {
  return stderr
    .split(/(?<=\n)/)
    .filter((line) => !line.startsWith(FENCE_WARNING))
    .join('');
}

export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 50_000);
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    });
    child.stdin.on('error', () => undefined); // the child may exit before reading all input
    child.stdin.end(options.input ?? '');
  });
}

/**
 * Runs the binary and expects it to succeed quietly: exit 0 and nothing on stderr (the fence
 * warning aside, which is about the machine, not the command).
 */
export async function runCliOk(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const result = await runCli(args, options);
  expect(withoutFenceWarning(result.stderr)).toBe('');
  expect(result.status).toBe(0);
  return result;
}

/** As `runCliOk`, for a command asked for `--json`: its output, parsed. */
export async function runCliJson<T>(args: readonly string[], options: CliOptions = {}): Promise<T> {
  return JSON.parse((await runCliOk(args, options)).stdout) as T;
}
