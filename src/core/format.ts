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
