/**
 * `tabletop-lab/connect-four`: the spec's Connect Four under the spec's names — the `Player`
 * contract, the engine (`Position`), the perfect `Solver`, the players — and the `Referee` that runs
 * games, with the adapters that run players off its thread (`WorkerPlayer`) or as programs
 * (`ExternalBot`, the line protocol of docs/connect-four-bots.md); and the lab's `LabTournament`,
 * which also takes your own `Player` modules and objects.
 */
export * from '../games/connect-four/index.js';
export { Referee, DEFAULT_TIME_LIMIT_MS, type RefereeOptions, type MoveEvent } from '../arena/connect-four/referee.js';
export { WorkerPlayer } from '../arena/connect-four/worker-player.js';
export { type PlayerSpec } from '../arena/connect-four/player-spec.js';
export { ExternalBot, type ExternalBotOptions } from '../arena/connect-four/external-bot.js';
export { runRefereedTournament, schedule, scheduledGame, type RefereedTournamentOptions, type RefereedTournamentResults, type RefereedGame } from '../arena/connect-four/tournament.js';
export { BALANCED_OPENINGS, openingName } from '../games/connect-four/openings.js';
export { LabTournament, type LabTournamentOptions, type LabPairingResult, type TournamentPlayer } from '../lab/round-robin.js';
