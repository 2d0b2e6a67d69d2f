/**
 * The /lab page's model (pure, unit-tested in Node): the experiments the page offers — every game
 * of the lab registry and its agents — the address that holds an experiment's settings and seed,
 * and the experiment a choice of players makes, exactly as the CLI makes it (`compare`: one lineup
 * per strategy; `tournament`: the lab's one round robin, `roundRobinConfig`, with its opening suite).
 */
import type { ExperimentConfig } from '../../../src/lab/experiment.js';
import { GAMES } from '../../../src/lab/registry.js';
import { repeatedGames, roundRobinConfig, type DistinctGames } from '../../../src/lab/tournament.js';
import { parseDealNumber } from '../seed.js';

export interface LabSettings {
  readonly game: string;
  /** Agent ids: a comparison's strategies, or a tournament's players. */
  readonly players: readonly string[];
  /** Games per strategy (one-player games) or per ordered pairing (two-player games). */
  readonly games: number;
  readonly seed: number;
  /** One-player games: every strategy plays the same deals (`--paired`). */
  readonly paired: boolean;
  /** Games with opening suites (Connect Four): the suite's name, or `NO_OPENINGS`; '' for other games. */
  readonly openings: string;
}

/** The `openings` setting for games that start from the empty board. */
export const NO_OPENINGS = 'none';

export interface GameChoice {
  readonly id: string;
  readonly title: string;
  readonly numPlayers: number;
  readonly agents: readonly { readonly id: string; readonly name: string; readonly description: string; readonly seesHidden: boolean }[];
  /** The opening suites (name and size), the default first; empty for games whose deals differ. */
  readonly openings: readonly { readonly name: string; readonly size: number }[];
  /** The CLI's default players and games, so the page starts where the command does. */
  readonly defaults: { readonly players: readonly string[]; readonly games: number };
  /** A game without chance: deterministic players repeat a game from the same start, so the page counts the distinct games it played. */
  readonly chanceFree: boolean;
}

export const GAME_CHOICES: readonly GameChoice[] = Object.values(GAMES).map((game) => {
  const agents = Object.entries(game.agents).map(([id, entry]) => ({ id, name: entry.create().name, description: entry.description, seesHidden: entry.seesHidden === true }));
  return {
    id: game.id,
    title: game.title,
    numPlayers: game.numPlayers,
    agents,
    openings: Object.entries(game.openings ?? {}).map(([name, suite]) => ({ name, size: suite.length })),
    // The game's own command's defaults (`defaultLineup`); a game without them gets its first agents.
    defaults: game.defaultLineup ?? { players: agents.slice(0, 2).map((a) => a.id), games: 1000 },
    chanceFree: game.chanceFree === true,
  };
});

/** The game the page opens with: the registry's first. */
export const DEFAULT_GAME = GAME_CHOICES[0]!.id;
/** The most games per strategy or pairing the page accepts (the browser tab stays the judge of patience). */
export const MAX_GAMES = 10_000_000;

export const gameChoice = (id: string): GameChoice => GAME_CHOICES.find((g) => g.id === id) ?? GAME_CHOICES.find((g) => g.id === DEFAULT_GAME)!;

/** The settings of an address (`?game=…&players=a,b&games=N&seed=S&paired=1`), naming each unusable value in `problems`. */
export function parseSettings(search: string, makeSeed: () => number): { settings: LabSettings; problems: string[] } {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const gameText = params.get('game');
  const known = gameText !== null && GAME_CHOICES.some((g) => g.id === gameText);
  if (gameText !== null && !known) problems.push(`There is no game "${gameText}" in the lab (${GAME_CHOICES.map((g) => g.id).join(', ')}): ${gameChoice(DEFAULT_GAME).title} was chosen.`);
  const game = gameChoice(known ? gameText : DEFAULT_GAME);
  let players = [...game.defaults.players];
  const playersText = params.get('players');
  if (playersText !== null) {
    const asked = playersText.split(',').map((p) => p.trim()).filter((p) => p !== '');
    const unknown = asked.filter((p) => !game.agents.some((a) => a.id === p));
    const usable = [...new Set(asked.filter((p) => game.agents.some((a) => a.id === p)))];
    if (unknown.length > 0) problems.push(`${game.title} has no strategy ${unknown.map((p) => `"${p}"`).join(', ')} (it has ${game.agents.map((a) => a.id).join(', ')}).`);
    if (usable.length > 0) players = usable;
    else problems.push(`No usable players were named: the default ones were chosen.`);
  }
  let games = game.defaults.games;
  const gamesText = params.get('games');
  if (gamesText !== null) {
    const n = /^\d{1,9}$/.test(gamesText.trim()) ? Number(gamesText) : NaN;
    if (Number.isSafeInteger(n) && n >= 1 && n <= MAX_GAMES) games = n;
    else problems.push(`The number of games "${gamesText}" is not a whole number from 1 to ${MAX_GAMES.toLocaleString('en-US')}: ${games.toLocaleString('en-US')} were chosen.`);
  }
  const seedText = params.get('seed');
  const parsed = seedText === null ? null : parseDealNumber(seedText);
  if (seedText !== null && parsed === null) problems.push(`The seed "${seedText}" is not a whole number from 0 to ${String(Number.MAX_SAFE_INTEGER)}: a new seed was drawn.`);
  const seed = parsed ?? makeSeed();
  const paired = game.numPlayers === 1 && params.get('paired') === '1';
  let openings = openingsDefault(game);
  const openingsText = params.get('openings');
  if (openingsText !== null && game.openings.length > 0) {
    if (openingsText === NO_OPENINGS || game.openings.some((o) => o.name === openingsText)) openings = openingsText;
    else problems.push(`${game.title} has no opening suite "${openingsText}" (it has ${[...game.openings.map((o) => o.name), NO_OPENINGS].join(', ')}): ${openings} was chosen.`);
  }
  return { settings: { game: game.id, players, games, seed, paired, openings }, problems };
}

/** The openings setting a game starts with: its default suite, or '' for a game without suites. */
export function openingsDefault(game: GameChoice): string {
  return game.openings[0]?.name ?? '';
}

/** The address's query for these settings. */
export function toSearch(settings: LabSettings): string {
  const params = new URLSearchParams({ game: settings.game, players: settings.players.join(','), games: String(settings.games), seed: String(settings.seed) });
  if (settings.paired) params.set('paired', '1');
  if (settings.openings !== '') params.set('openings', settings.openings);
  return `?${params.toString().replaceAll('%2C', ',')}`;
}

/** The experiment the CLI runs for these settings: its lineups, seed and pairing (a tournament: the lab's round robin). */
export function experimentConfig(settings: LabSettings): ExperimentConfig {
  const game = gameChoice(settings.game);
  if (game.numPlayers === 1) return { game: game.id, lineups: settings.players.map((p) => [p]), seed: settings.seed, paired: settings.paired };
  const openings = settings.openings === NO_OPENINGS ? false : settings.openings === '' ? undefined : settings.openings;
  return roundRobinConfig({ game: game.id, players: settings.players, seed: settings.seed, openings });
}

/** Why the settings' games would repeat one another (the page then refuses to run them), or undefined. */
export function repeatsOf(settings: LabSettings): string | undefined {
  return settings.players.length === 0 ? undefined : repeatedGames(experimentConfig(settings), settings.games);
}

/** "about 3 s left", "about 2 min left": a rough, readable ETA. */
export function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  if (seconds < 1) return 'under a second left';
  if (seconds < 90) return `about ${String(Math.round(seconds))} s left`;
  if (seconds < 5400) return `about ${String(Math.round(seconds / 60))} min left`;
  return `about ${(seconds / 3600).toFixed(1)} h left`;
}

/** "12,400 games/s". */
export const formatRate = (gamesPerSecond: number): string => `${Math.round(gamesPerSecond).toLocaleString('en-US')} games/s`;

/**
 * What the distinct-games count of a run says: how many of its games differ move for move from
 * every other game of their pairing, and the pairing with the fewest — the evidence that the
 * intervals count independent games, not one game many times.
 */
export function distinctGamesLine(counts: DistinctGames['counts'], lineups: readonly (readonly string[])[]): string {
  const { games, distinct, fewest } = counts;
  const pairing = lineups[fewest.lineup]!.join(' vs ');
  const head = `Distinct games: ${distinct.toLocaleString('en-US')} of ${games.toLocaleString('en-US')}`;
  const low = `fewest in a pairing: ${pairing}, ${fewest.distinct.toLocaleString('en-US')} of ${fewest.games.toLocaleString('en-US')}`;
  if (distinct === games) return `${head}: no game repeated another of its pairing move for move (${low}).`;
  const repeats = games - distinct;
  return `${head}: ${repeats.toLocaleString('en-US')} repeated an earlier game of their pairing move for move (${low}), and the intervals count each repeat as an independent game.`;
}
