/**
 * Reading back the `|`-separated fields that the games' `serialize` writes, with a clear RangeError
 * naming the game and what is wrong (deserialising is a boundary: bad input must not get in).
 */
export interface FieldReader {
  /** Throws the RangeError: `Not a <what> (<why>): <text>`. */
  fail(why: string): never;
  /** Field `index` as `length` comma-separated integers in [min, max]. */
  list(index: number, length: number, min: number, max: number): number[];
  /** Field `index` as one integer in [min, max]. */
  int(index: number, min: number, max: number): number;
  /** Field `index` as written. */
  text(index: number): string;
}

/** A reader of `text`, which must have exactly `fields` fields. */
export function readFields(text: string, what: string, fields: number): FieldReader {
  const fail = (why: string): never => {
    throw new RangeError(`Not ${what} (${why}): ${text.slice(0, 80)}`);
  };
  const parts = text.split('|');
  if (parts.length !== fields) fail(`expected ${String(fields)} fields, found ${String(parts.length)}`);
  const isIn = (value: number, min: number, max: number): boolean => Number.isInteger(value) && value >= min && value <= max;
  return {
    fail,
    list(index, length, min, max) {
      const field = parts[index]!;
      const values = field.split(',').map((v) => (v === '' ? Number.NaN : Number(v)));
      if (values.length !== length || !values.every((v) => isIn(v, min, max))) fail(`field ${String(index + 1)} is not ${String(length)} integers from ${String(min)} to ${String(max)}`);
      return values;
    },
    int(index, min, max) {
      const field = parts[index]!;
      const value = field === '' ? Number.NaN : Number(field);
      if (!isIn(value, min, max)) fail(`field ${String(index + 1)} is not an integer from ${String(min)} to ${String(max)}`);
      return value;
    },
    text(index) {
      return parts[index]!;
    },
  };
}
