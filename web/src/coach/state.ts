/**
 * The coach's toggles in a page's address: `coach=1` rates each decision after it, `training=1`
 * also warns before a costly one (and so implies the coach). Shared by the game pages.
 */

export interface CoachState {
  readonly coach: boolean;
  readonly training: boolean;
}

export const COACH_OFF: CoachState = { coach: false, training: false };

/** Reads `coach` and `training` (each 1 or 0); anything else is named in `problems` and left off. */
export function parseCoachParams(params: URLSearchParams, problems: string[]): CoachState {
  const flag = (name: string, label: string): boolean => {
    const value = params.get(name);
    if (value === null || value === '0') return false;
    if (value === '1') return true;
    problems.push(`${label} "${value}" in the address is neither 1 (on) nor 0 (off); leaving it off.`);
    return false;
  };
  const coach = flag('coach', 'Coach');
  const training = flag('training', 'Training');
  return { coach: coach || training, training };
}

/** Writes the toggles that are on (`coach=1`, `training=1`) into `params`. */
export function setCoachParams(params: URLSearchParams, state: CoachState): void {
  if (state.coach) params.set('coach', '1');
  if (state.training) params.set('training', '1');
}
