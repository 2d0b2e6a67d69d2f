/**
 * `tabletop-lab/uno-war`: the assignment's classes under the assignment's names, plus the engine and the lab's
 * definition for programs that simulate at speed.
 */
export * from '../games/uno-war/index.js';
export { LabTournament, type LabTournamentOptions, type LabPairingResult } from '../lab/round-robin.js';
