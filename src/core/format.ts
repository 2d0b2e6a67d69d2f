/**
 * Numbers in messages, the same way everywhere: counts with their nouns ("1 game", "2 games"),
 * signed figures that never print "+0" or "-0", and durations that never round a real wait to "0 ms".
 */

/** `1 game`, `2 games`, `10,000 games` (`many` for irregular plurals). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}

/** `+12`, `-3`, and `0` for anything that rounds to zero, to `digits` decimals (`+0.0120`, `0.0000`). */
export function signed(x: number, digits = 0): string {
  const text = Math.abs(x).toFixed(digits);
  if (Number(text) === 0) return text;
  return `${x > 0 ? '+' : '-'}${text}`;
}

/**
 * A duration for people: `18 s`, `1.25 s`, `450 ms`, `0.4 ms` — whole milliseconds from 10 ms up,
 * two significant digits below (so a wait of 0.4 ms is not "0 ms"), seconds from 1 s up.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms >= 1000) return `${String(Number((ms / 1000).toFixed(2)))} s`;
  if (ms >= 10) return `${String(Math.round(ms))} ms`;
  return `${String(Number(ms.toPrecision(2)))} ms`;
}

/**
 * What a thrown value says, never throwing itself: `Name: message` for an Error, the text of
 * anything else. A value that cannot be made a string (`Object.create(null)`, a Proxy whose traps
 * throw, an Error whose `message` getter throws) is described by its type instead, so a player's
 * strange throw becomes a fault message rather than a second error.
 */
export function thrownText(error: unknown, withName = true): string {
  try {
    if (error instanceof Error) {
      const message = String(error.message);
      return withName ? `${String(error.name)}: ${message}` : message;
    }
    return typeof error === 'string' ? error : String(error);
  } catch {
    return `a value that cannot be shown as text (${typeof error === 'function' ? 'a function' : typeof error === 'object' ? 'an object' : typeof error})`;
  }
}

/** The longest text a fault message keeps (a longer one is cut, saying how much was left out). */
export const MAX_MESSAGE_CHARS = 500;

// C0 and C1 controls, DEL, the line and paragraph separators and the bidirectional overrides:
// anything that would move the cursor, clear the screen, split a table row or reorder the text.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from someone else's code (a player's message, a module's name) made safe to print: every
 * control character written as an escape (`\n`, `\u001b`), and at most `max` characters kept.
 */
export function printable(text: string, max = MAX_MESSAGE_CHARS): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const escaped = cut.replace(UNPRINTABLE, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  return text.length > max ? `${escaped}… (${(text.length - max).toLocaleString('en-US')} more characters)` : escaped;
}
