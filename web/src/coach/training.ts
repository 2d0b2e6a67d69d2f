/**
 * A page's coach switches (coach, training) with training's two questions: the decision waiting
 * for its rating before it is made, and the costly one the person is warned about. Both questions
 * belong to the position and the switches they were asked under.
 */
import { useState } from 'preact/hooks';
import type { CoachState } from './state.js';

export interface CoachSwitches<Awaiting, Warning> {
  readonly coachState: CoachState;
  /** Training: the decision whose rating the page waits for before making it. */
  readonly awaiting: Awaiting | null;
  /** Training: a costly decision the person is asked about. */
  readonly warning: Warning | null;
  setAwaiting(awaiting: Awaiting | null): void;
  setWarning(warning: Warning | null): void;
  /** Drops training's questions (a decision made, a new game). */
  forgetTraining(): void;
  /** The switches turned: a decision waiting for the coach's word is left unmade, as if never chosen. */
  switchCoach(next: CoachState): void;
}

export function useCoachSwitches<Awaiting, Warning>(initial: CoachState): CoachSwitches<Awaiting, Warning> {
  const [coachState, setCoachState] = useState<CoachState>(initial);
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const [warning, setWarning] = useState<Warning | null>(null);
  const forgetTraining = (): void => {
    setAwaiting(null);
    setWarning(null);
  };
  return {
    coachState,
    awaiting,
    warning,
    setAwaiting,
    setWarning,
    forgetTraining,
    switchCoach: (next) => {
      setCoachState(next);
      forgetTraining();
    },
  };
}
