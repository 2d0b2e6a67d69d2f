/**
 * Students' Java players, as the assignments have them written: a ConnectFwar `Player`
 * implementation or an UnoWar `AI` subclass, dropped in unchanged and named `java:<file or folder>`
 * wherever a built-in player's id is accepted.
 *
 * The student's files are compiled with the game's harness (harness/java/common/ and
 * harness/java/<game>/: the assignment's other classes — Card, Board, Player; Card, Deck, Hand,
 * CardPile, AI — and `TabletopHarness`,
 * which speaks the batched line protocol of external-players.ts), and the player then plays as an
 * external program: one JVM per worker thread, started once. A student's file named like a harness
 * class (their own Card.java) is left out: the harness's is used, so every player sees the same
 * rules. Compiled classes are kept in the lab's one cache (java-compile.ts), keyed by the sha256 of
 * every source file, so an unchanged player is not compiled again. Node only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printable } from '../core/format.js';
import type { GameDefinition, GameState } from '../core/game.js';
import { compiledClasses, JavaCompileError } from './java-compile.js';
import { shellQuote } from './programs.js';
import { GAMES } from './registry.js';

/** How a player argument names a Java player: `java:<path>` or `<name>=java:<path>`. */
const JAVA_SPEC = /^(?:([^=@,]+)=)?java:(.+)$/s;

/** A game as a Java player needs it: its id names its harness folder; `javaPlayer` how its player's class is recognised. */
type JavaGame = Pick<GameDefinition<GameState>, 'id' | 'title' | 'agents' | 'javaPlayer'>;

/** The built-in games with a Java harness, for the error that names them. */
const gamesWithHarness = (): string[] => Object.values(GAMES).flatMap((game) => (game.javaPlayer === undefined ? [] : [game.id]));

/** A Java player that cannot be used: the message says why (the compiler's own words for a file that does not compile). */
export class JavaPlayerError extends Error {
  override readonly name = 'JavaPlayerError';
}

const harnessFolder = (folder: string): string => fileURLToPath(new URL(`../../harness/java/${folder}/`, import.meta.url));

/** The harness's source files for a game: those all harnesses share (Card, the protocol), then the game's own. */
function harnessSources(gameId: string): string[] {
  return ['common', gameId].flatMap((folder) =>
    readdirSync(harnessFolder(folder))
      .filter((name) => name.endsWith('.java'))
      .sort()
      .map((name) => join(harnessFolder(folder), name)),
  );
}
/** The student's source files and the player's class, from a `.java` file or a folder of them. */
function studentSources(path: string, gameId: string, player: NonNullable<JavaGame['javaPlayer']>): { files: string[]; className: string } {
  const { classPattern: pattern, expected } = player;
  let files: string[];
  try {
    files = statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => name.endsWith('.java'))
          .sort()
          .map((name) => join(path, name))
      : [path];
  } catch {
    throw new JavaPlayerError(`Cannot load the Java player ${printable(path)}: no such file or folder`);
  }
  if (files.length === 0 || files.some((file) => extname(file) !== '.java')) throw new JavaPlayerError(`The Java player ${printable(path)} is no .java file nor a folder of them`);
  const harness = new Set(harnessSources(gameId).map((file) => basename(file)));
  const own = files.filter((file) => !harness.has(basename(file)));
  if (!statSync(path).isDirectory()) {
    if (own.length === 0) throw new JavaPlayerError(`${printable(basename(path))} is a class the harness provides: give the file of your player`);
    return { files: own, className: basename(path, '.java') };
  }
  const players = own.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map((file) => basename(file, '.java'));
  if (players.length !== 1) {
    throw new JavaPlayerError(
      `The folder ${printable(path)} holds ${players.length === 0 ? 'no player' : `several players (${players.join(', ')})`}: expected one ${expected}; name the file, java:${printable(join(path, `${players[0] ?? 'MyPlayer'}.java`))}`,
    );
  }
  return { files: own, className: players[0]! };
}

/**
 * A player argument that names a Java player, compiled (or found compiled) now, as the lineup id
 * of the external program that runs it; undefined for any other argument. JavaPlayerError if it
 * cannot be used (no harness for the game, no such file, a file that does not compile, no JDK).
 */
export function javaPlayerId(game: JavaGame, spec: string, cwd: string): string | undefined {
  const match = JAVA_SPEC.exec(spec);
  if (match === null) return undefined;
  if (game.javaPlayer === undefined) throw new JavaPlayerError(`${game.title} has no Java harness (only ${gamesWithHarness().join(', ')}): run a Java player of it as a program, exec:<command>`);
  const given = match[2]!.trim();
  const path = isAbsolute(given) ? given : resolve(cwd, given);
  const { files, className } = studentSources(path, game.id, game.javaPlayer);
  const label = (match[1] ?? className).trim();
  if (label === '' || Object.hasOwn(game.agents, label) || printable(label, 64) !== label) throw new JavaPlayerError(`The Java player ${printable(path)} would be named '${printable(label)}', a built-in's id: name it, as name=java:<path>`);
  let classes: string;
  try {
    // javac runs beside the player, so that its messages name the student's files as they know them.
    classes = compiledClasses({ sources: [...harnessSources(game.id), ...files], cwd: dirname(path), key: `${game.id}-${className}` });
  } catch (error) {
    if (error instanceof JavaCompileError) throw new JavaPlayerError(`The Java player ${printable(path)} ${error.message}`);
    throw error;
  }
  return `${label}@exec:java -XX:+UseSerialGC -XX:-UsePerfData -Xlog:disable -Xlog:all=warning:stderr -cp ${shellQuote(classes)} TabletopHarness ${className}`;
}
