/**
 * The two error classes of the Klondike contract (spec: "Errors"). Every failed call throws one of
 * them and changes nothing.
 */

/** An argument is invalid: an index out of range, a bad count, a missing or invalid deck. */
export class IllegalArgumentError extends Error {
  override readonly name = 'IllegalArgumentError';
}

/** The game is not started / already started, or the move is not allowed in the current state. */
export class IllegalStateError extends Error {
  override readonly name = 'IllegalStateError';
}
