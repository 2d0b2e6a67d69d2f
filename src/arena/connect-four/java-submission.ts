/**
 * A student's Java Connect Four player, as the assignment asks for it: a folder `<name>/` holding
 * `<name>.java` in package `<name>` (a class `<name>` implementing `Player.Player`) with any helper
 * classes beside it. It is compiled with the repository's `Player/Player.java` and the harness
 * (harness/java/connect-four/), which drives it over the external-bot line protocol, so it plays wherever
 * an external bot does — inside the sandbox.
 *
 * Compiled classes are kept in the lab's one cache (src/lab/java-compile.ts), keyed by every source
 * (the student's, the interface's, the harness's) and the compiler's version, so a competition
 * compiles each submission once.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledClasses, JavaCompileError, javaCacheDir } from '../../lab/java-compile.js';
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
const JAVA_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/**
 * A JVM reserves address space well beyond its heap (a 1 GiB compressed class space, a 240 MiB
 * code cache): these options keep it inside the sandbox's RLIMIT_AS with room to spare.
 */
export const JAVA_OPTIONS = '-Xss8m -Xmx1g -XX:CompressedClassSpaceSize=128m -XX:ReservedCodeCacheSize=128m -XX:+UseSerialGC';

/** Compiles the submission in `folder` (or takes it from the cache); throws a JavaBuildError when it cannot be used. */
export function buildJavaSubmission(folder: string, cacheDir: string = javaCacheDir()): JavaBuild {
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
  let classDir: string;
  try {
    classDir = compiledClasses({ sources: [...HARNESS_SOURCES.map((file) => join(HARNESS_DIR, file)), ...files.map((file) => join(root, file))], cwd: dirname(root), key: `connect-four-${name}` }, cacheDir);
  } catch (error) {
    if (error instanceof JavaCompileError) throw new JavaBuildError(`${name}: ${error.message}`);
    throw error;
  }
  return { name, classDir, command: `java ${JAVA_OPTIONS} -cp ${shellQuote(classDir)} TabletopConnectFourHarness ${name}.${name}` };
}
