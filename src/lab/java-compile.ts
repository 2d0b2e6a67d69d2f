/**
 * The one place students' Java is compiled, for every game (java-players.ts: ConnectFwar and
 * UnoWar; arena/connect-four/java-submission.ts: Connect Four), into the one cache of compiled
 * classes: $XDG_CACHE_HOME/tabletop-lab/java, else ~/.cache/tabletop-lab/java (not /tmp, which the
 * sandbox hides from the programs it runs).
 *
 * A folder of classes is keyed by the sha256 of javac's version, the caller's key and every source
 * (its file name and content), so an unchanged player is compiled once, a changed one or a new JDK
 * compiles again, and nothing is written beside the student's files. A folder is made whole or not
 * at all (compiled into a staging folder, then renamed), so two processes compiling the same
 * sources at once both end with a complete folder. Node only.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Java that cannot be compiled here: javac's own message after "does not compile:", or why there is no javac. */
export class JavaCompileError extends Error {
  override readonly name = 'JavaCompileError';
}

/** The cache of compiled classes: $XDG_CACHE_HOME/tabletop-lab/java, else ~/.cache/tabletop-lab/java. */
export function javaCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg === undefined || xdg === '' ? join(homedir(), '.cache') : xdg, 'tabletop-lab', 'java');
}

const ENSURE_JDK = (): string => fileURLToPath(new URL('../../scripts/ensure-jdk.sh', import.meta.url));
/** The marker of a complete folder of classes. */
const COMPILED = 'compiled';

let jdkVersion: string | undefined;

/** javac's version, installing the JDK first (scripts/ensure-jdk.sh) when it is missing; a JavaCompileError where that cannot be done. */
export function javacVersion(): string {
  if (jdkVersion !== undefined) return jdkVersion;
  const version = (): string | null => {
    const run = spawnSync('javac', ['-version'], { encoding: 'utf8' });
    return run.status === 0 ? `${run.stdout}${run.stderr}`.trim() : null;
  };
  let found = version();
  if (found === null) {
    const install = spawnSync('sh', [ENSURE_JDK()], { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] });
    found = version();
    if (found === null) {
      const said = (install.stderr || install.error?.message || '').trim().split('\n').pop() ?? '';
      throw new JavaCompileError(`needs javac, which is not installed and could not be: ${said === '' ? 'install openjdk-17-jdk-headless' : said}`);
    }
  }
  jdkVersion = found;
  return found;
}

export interface JavaSources {
  /** The .java files (absolute paths). */
  readonly sources: readonly string[];
  /** javac runs here, and names the sources under it relative to it (`alice/Alice.java`, as the student knows it). */
  readonly cwd: string;
  /** What else tells these classes apart (the game, the player's class); a prefix of the folder's name. */
  readonly key: string;
}

/** The folder of `sources`' classes, compiled now or found in the cache; a JavaCompileError if they do not compile. */
export function compiledClasses({ sources, cwd, key }: JavaSources, cacheDir: string = javaCacheDir()): string {
  const hash = createHash('sha256').update(javacVersion()).update(`\0${key}\0`);
  for (const file of sources) hash.update(`${basename(file)}\0`).update(readFileSync(file)).update('\0');
  const classes = join(cacheDir, `${key.replace(/[^A-Za-z0-9_.-]/g, '_')}-${hash.digest('hex').slice(0, 32)}`);
  if (existsSync(join(classes, COMPILED))) return classes;

  const staging = `${classes}.${String(process.pid)}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const named = sources.map((file) => (file.startsWith(cwd + sep) ? relative(cwd, file) : file));
  const run = spawnSync('javac', ['-proc:none', '-encoding', 'UTF-8', '-nowarn', '-d', staging, ...named], { cwd, encoding: 'utf8', maxBuffer: 1 << 22, timeout: 300_000 });
  if (run.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const said = `${run.stdout}${run.stderr}`.trim();
    throw new JavaCompileError(`does not compile${said === '' ? ` (javac ${run.error?.message ?? `ended by ${String(run.signal)}`})` : `:\n${said}`}`);
  }
  writeFileSync(join(staging, COMPILED), `${javacVersion()}\n`);
  try {
    renameSync(staging, classes);
  } catch {
    // Compiled meanwhile by another process: the same sources, the same classes.
    rmSync(staging, { recursive: true, force: true });
  }
  return classes;
}
