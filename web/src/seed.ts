/** Deal numbers in the card pages' addresses: a seed of src/core/random.ts. */

/** A new deal number: small enough to read aloud and type. */
export function newSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
}

/** A deal number typed or read from an address (0 .. 2^53 - 1), or null. */
export function parseDealNumber(text: string): number | null {
  const value = /^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  return Number.isSafeInteger(value) ? value : null;
}

/** The address's `seed`, or a new one from `makeSeed` (naming a bad value in `problems`). */
export function seedFromParams(params: URLSearchParams, problems: string[], makeSeed: () => number): number {
  const text = params.get('seed');
  if (text === null) return makeSeed();
  const seed = parseDealNumber(text);
  if (seed !== null) return seed;
  problems.push(`The deal number "${text}" is not a whole number from 0 to ${String(Number.MAX_SAFE_INTEGER)}: a new deal was dealt.`);
  return makeSeed();
}
