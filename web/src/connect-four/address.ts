/**
 * The Connect Four page's address parameters that the app reads before the page's code has loaded
 * (main.tsx): the position and whether Show solution is on. The page itself reads the whole address
 * (model.ts `parseSearch`) with the same names.
 */

/** The position, as the solver's 1-based column digits. */
export const POS_PARAM = 'pos';
/** Show solution: `1` on, `0` off. */
export const SOLUTION_PARAM = 'solution';

/**
 * The position whose solution the address asks for, or undefined: Show solution on and a `pos` of
 * column digits (the start position when empty or absent). Whether the moves are a legal game is
 * the rules' question, answered by the page and by the worker; this only picks the request to
 * send before the page is there.
 */
export function solutionAskedIn(params: URLSearchParams): string | undefined {
  if (params.get(SOLUTION_PARAM) !== '1') return undefined;
  const pos = params.get(POS_PARAM) ?? '';
  return /^[1-7]*$/.test(pos) ? pos : undefined;
}
