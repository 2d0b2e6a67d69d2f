/**
 * Parsers for command-line values. Each throws commander's InvalidArgumentError with a message
 * that says what was expected; `main` turns that into a line on stderr and exit status 2.
 */
import { availableParallelism } from 'node:os';
import { InvalidArgumentError } from 'commander';
import { isExecSpec } from '../lab/external-players.js';

export function parseIntegerIn(min: number, max: number, what: string): (value: string) => number {
  return (value: string) => {
    const trimmed = value.trim();
    if (!/^[+]?\d+$/.test(trimmed)) throw new InvalidArgumentError(`${what} must be a whole number, got '${value}'.`);
    const n = Number(trimmed);
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`${what} must be from ${String(min)} to ${String(max)}, got '${value}'.`);
    }
    return n;
  };
}

export const parsePositiveInt = (what: string): ((value: string) => number) => parseIntegerIn(1, Number.MAX_SAFE_INTEGER, what);

export const parseSeed: (value: string) => number = parseIntegerIn(0, Number.MAX_SAFE_INTEGER, 'The seed');

export function parsePositiveNumber(what: string): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${what} must be a positive number, got '${value}'.`);
    return n;
  };
}

/**
 * A count of threads (or of games at once) fit for this machine: at most one per core, since more
 * only compete for the cores (and each thread costs memory), with a note on stderr when the request
 * is lowered, so that nobody wonders where their threads went.
 */
export function capAtCores(requested: number, option: string): number {
  const cores = Math.max(1, availableParallelism());
  if (requested <= cores) return requested;
  process.stderr.write(`Note: ${option} ${String(requested)} lowered to ${String(cores)}, the number of CPU cores here (more would only compete for them).\n`);
  return cores;
}

/** A comma-separated list: items trimmed, empty ones dropped, none listed twice (it may be empty). */
export function parseList(what: string): (value: string) => string[] {
  return (value: string) => {
    const items = splitList(value, what).filter((item) => item !== '');
    const duplicate = items.find((item, i) => items.indexOf(item) !== i);
    if (duplicate !== undefined) throw new InvalidArgumentError(`${what}: '${duplicate}' is listed twice.`);
    return items;
  };
}

/**
 * The items of a comma-separated list, trimmed. An item that starts with a quote (' or ") runs to
 * the same quote, commas included, and loses its quotes: a command with a comma is listed as
 * `basic,'exec:python3 me.py --weights 1,2'`. A quote anywhere else is part of the item.
 */
export function splitList(value: string, what: string): string[] {
  const items: string[] = [];
  let at = 0;
  for (;;) {
    while (value[at] === ' ' || value[at] === '\t') at++;
    const quote = value[at];
    let item: string;
    if (quote === "'" || quote === '"') {
      const close = value.indexOf(quote, at + 1);
      if (close < 0) throw new InvalidArgumentError(`${what}: the item starting ${value.slice(at, at + 40)} has no closing ${quote}.`);
      item = value.slice(at + 1, close).trim();
      at = close + 1;
      while (value[at] === ' ' || value[at] === '\t') at++;
      if (at < value.length && value[at] !== ',') throw new InvalidArgumentError(`${what}: after the quoted item ${quote}${item}${quote} comes '${value.slice(at, at + 20)}', not a comma.`);
    } else {
      const comma = value.indexOf(',', at);
      const end = comma < 0 ? value.length : comma;
      item = value.slice(at, end).trim();
      at = end;
    }
    items.push(item);
    if (at >= value.length) return items;
    at++; // the comma
  }
}

/**
 * A hint for a list item that names no player: when an earlier item is a program (`exec:`), its
 * command probably had a comma the list split at. Empty otherwise.
 */
export function commaHint(items: readonly string[], failed: string): string {
  const index = items.indexOf(failed);
  if (index <= 0 || !items.slice(0, index).some(isExecSpec)) return '';
  return ` (if it is part of the command before it: the list is split at commas, so quote a command that has one, as 'exec:…,…', inside the list's quotes)`;
}

/** A comma-separated list whose items must all come from `allowed` (no duplicates, not empty). */
export function parseChoiceList(allowed: readonly string[], what: string): (value: string) => string[] {
  const parse = parseList(what);
  return (value: string) => {
    const items = parse(value);
    if (items.length === 0) throw new InvalidArgumentError(`${what}: give at least one of ${allowed.join(', ')}.`);
    for (const item of items) {
      if (!allowed.includes(item)) throw new InvalidArgumentError(`${what}: unknown '${item}' (choose from ${allowed.join(', ')}).`);
    }
    return items;
  };
}

export function parseChoice(allowed: readonly string[], what: string): (value: string) => string {
  return (value: string) => {
    if (!allowed.includes(value)) throw new InvalidArgumentError(`${what}: unknown '${value}' (choose from ${allowed.join(', ')}).`);
    return value;
  };
}

/** A command line that parses but makes no sense (e.g. conflicting options): exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
