/**
 * A student's Java Connect Four player, as the assignment asks for it: a folder `<name>/` holding
 * `<name>.java` in package `<name>` (a class `<name>` implementing `Player.Player`) with any helper
 * classes beside it. It is compiled with the repository's `Player/Player.java` and the harness
 * (harness/java/connect-four/), which drives it over the external-bot line protocol, so it plays wherever
 * an external bot does — inside the sandbox.
 *
 * Compiled classes are cached by a hash of every source (the student's, the interface's, the
 * harness's) and the compiler's version, so a competition compiles each submission once.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shellQuote } from '../../lab/programs.js';

/** A submission that cannot be used: the message says why (javac's own message for a compile error). */
export class JavaBuildError extends Error {
  override readonly name = 'JavaBuildError';
}

export interface JavaBuild {
  /** The submission's name: its folder's. */
  readonly name: string;
  /** The folder holding the compiled classes (run the bot in it: the sandbox keeps a bot's folder visible even under /tmp). */
  readonly classDir: string;
  /** The shell command that starts it, from any folder (its class path is absolute). */
  readonly command: string;
}

/** The repository's Java sources: src/ and dist/ both lie two folders below its root. */
const HARNESS_DIR = fileURLToPath(new URL('../../../harness/java/connect-four/', import.meta.url));
const HARNESS_SOURCES = ['Player/Player.java', 'TabletopConnectFourHarness.java'];
const ENSURE_JDK = fileURLToPath(new URL('../../../scripts/ensure-jdk.sh', import.meta.url));
const JAVA_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/**
 * A JVM reserves address space well beyond its heap (a 1 GiB compressed class space, a 240 MiB
 * code cache): these options keep it inside the sandbox's RLIMIT_AS with room to spare.
 */
export const JAVA_OPTIONS = '-Xss8m -Xmx1g -XX:CompressedClassSpaceSize=128m -XX:ReservedCodeCacheSize=128m -XX:+UseSerialGC';

/** Where compiled submissions are kept: $XDG_CACHE_HOME/tabletop/java, else ~/.cache/tabletop/java (not /tmp, which the sandbox hides). */
export function defaultJavaCache(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'tabletop', 'java');
}

/** Compiles the submission in `folder` (or takes it from the cache); throws a JavaBuildError when it cannot be used. */
export function buildJavaSubmission(folder: string, cacheDir: string = defaultJavaCache()): JavaBuild {
  const root = resolve(folder);
  const name = basename(root);
  if (!JAVA_NAME.test(name)) throw new JavaBuildError(`${name}: a Java submission's folder name must be a Java identifier (it is the package's name)`);
  let files: string[];
  try {
    files = readdirSync(root).filter((file) => file.endsWith('.java')).sort();
  } catch (error) {
    throw new JavaBuildError(`${name}: cannot read the folder ${root}: ${(error as Error).message}`);
  }
  if (!files.includes(`${name}.java`)) throw new JavaBuildError(`${name}: no ${name}.java in ${root} (the assignment's layout: ${name}/${name}.java in package ${name})`);
  const javacVersion = ensureJdk(name);
  const hash = createHash('sha256').update(javacVersion);
  for (const file of HARNESS_SOURCES) hash.update(`\0harness/${file}\0`).update(readFileSync(join(HARNESS_DIR, file)));
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(root, file)));
  const classDir = join(cacheDir, `${name}-${hash.digest('hex').slice(0, 24)}`);
  const command = `java ${JAVA_OPTIONS} -cp ${shellQuote(classDir)} TabletopConnectFourHarness ${name}.${name}`;
  if (existsSync(join(classDir, 'compiled'))) return { name, classDir, command };

  const staging = `${classDir}.${String(process.pid)}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // Run from the folder's parent so that javac's messages name `<name>/<file>.java`, as the student knows them.
  const javac = spawnSync('javac', ['-proc:none', '-encoding', 'UTF-8', '-d', staging, ...HARNESS_SOURCES.map((file) => join(HARNESS_DIR, file)), ...files.map((file) => join(name, file))], {
    cwd: dirname(root),
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (javac.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const said = `${javac.stderr}${javac.stdout}`.trim();
    throw new JavaBuildError(`${name}: does not compile${said === '' ? ` (javac ${javac.error?.message ?? `ended by ${String(javac.signal)}`})` : `:\n${said}`}`);
  }
  writeFileSync(join(staging, 'compiled'), `${javacVersion}\n`);
  try {
    renameSync(staging, classDir);
  } catch {
    // Another process compiled the same sources meanwhile: theirs is as good.
    rmSync(staging, { recursive: true, force: true });
  }
  return { name, classDir, command };
}

let jdkVersion: string | undefined;

/** javac's version, installing the JDK first (scripts/ensure-jdk.sh) when it is missing. */
function ensureJdk(name: string): string {
  if (jdkVersion !== undefined) return jdkVersion;
  const version = (): string | null => {
    const run = spawnSync('javac', ['-version'], { encoding: 'utf8' });
    return run.status === 0 ? `${run.stdout}${run.stderr}`.trim() : null;
  };
  let found = version();
  if (found === null) {
    const install = spawnSync('sh', [ENSURE_JDK], { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] });
    found = version();
    if (found === null) throw new JavaBuildError(`${name}: no Java compiler: ${install.stderr.trim() || 'install openjdk-17-jdk-headless'}`);
  }
  jdkVersion = found;
  return found;
}
