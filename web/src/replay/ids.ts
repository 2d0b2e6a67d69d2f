/**
 * The games whose pages replay records, by page path and game id (the same). A module of its own,
 * with no imports, because the app's entry (main.tsx) asks it on every page: through model.ts it
 * would load and run every game's rules before any page could start.
 */
export const REPLAY_GAMES = ['connect-four', 'connect-fwar', 'uno-war', 'klondike'] as const;
export type ReplayGameId = (typeof REPLAY_GAMES)[number];

export const isReplayGame = (id: string): id is ReplayGameId => (REPLAY_GAMES as readonly string[]).includes(id);
