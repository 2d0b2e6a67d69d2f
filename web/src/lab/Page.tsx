/**
 * The /lab page: choose a game, its strategies (or a tournament's players), the number of games
 * and the seed; the run is the lab's own `runLab` (src/lab/session.ts) on a pool of Web Workers
 * (pool.ts), so the same seed gives exactly the figures of `tabletop … compare|tournament --json`.
 * Progress with rate and ETA, Cancel; the CLI's tables, the charts (charts.ts, shared with the
 * `--html` report) and downloads of the JSON and CSV.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { runLab } from '../../../src/lab/session.js';
import { cliCommand, labResults, resultsCsv, resultsJsonText, resultsTables, type LabResults } from '../../../src/lab/lab-results.js';
import { headlineOf } from '../../../src/lab/html-report.js';
import type { TextTable } from '../../../src/lab/report.js';
import { PageHeader } from '../Problems.js';
import { newSeed } from '../seed.js';
import { drawCharts } from './charts.js';
import { DistinctGames } from '../../../src/lab/tournament.js';
import { distinctGamesLine, experimentConfig, formatEta, formatRate, gameChoice, GAME_CHOICES, MAX_GAMES, NO_OPENINGS, openingsDefault, parseSettings, repeatsOf, toSearch, type LabSettings } from './model.js';
import { hardwareThreads, webWorkerExecutor } from './pool.js';
import { SprtSection } from './Sprt.js';
import { useCancellableRun } from './cancellable-run.js';
import './lab.css';

interface Progress {
  readonly played: number;
  readonly total: number;
  readonly started: number;
  readonly now: number;
}

interface Finished {
  readonly results: LabResults;
  readonly json: string;
  readonly csv: string;
  readonly settings: LabSettings;
  /** Games per strategy or pairing actually played (fewer than asked when cancelled). */
  readonly played: number;
  readonly cancelled: boolean;
  readonly seconds: number;
  /** For a game without chance: the distinct-games count (`distinctGamesLine`). */
  readonly distinct?: string;
}

export function LabPage() {
  const initial = useMemo(() => parseSettings(location.search, newSeed), []);
  const [settings, setSettings] = useState<LabSettings>(initial.settings);
  const [problems, setProblems] = useState(initial.problems);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const { error, setError, start, cancel } = useCancellableRun();
  const running = progress !== null;
  const game = gameChoice(settings.game);
  const solitaire = game.numPlayers === 1;
  const threads = useMemo(hardwareThreads, []);

  useEffect(() => {
    history.replaceState(null, '', location.pathname + toSearch(settings));
  }, [settings]);

  const update = (change: Partial<LabSettings>): void => setSettings((s) => ({ ...s, ...change }));
  const chooseGame = (id: string): void => {
    const choice = gameChoice(id);
    setSettings((s) => ({ ...s, game: choice.id, players: [...choice.defaults.players], games: choice.defaults.games, paired: false, openings: openingsDefault(choice) }));
  };
  const togglePlayer = (id: string, on: boolean): void =>
    setSettings((s) => ({ ...s, players: game.agents.map((a) => a.id).filter((p) => (p === id ? on : s.players.includes(p))) }));

  // Games that would repeat one another are refused before they are played, with the reason.
  const repeats = repeatsOf(settings);

  const run = async (): Promise<void> => {
    if (running || settings.players.length === 0 || repeats !== undefined) return;
    const ran = settings;
    const config = experimentConfig(ran);
    const started = performance.now();
    // Without chance, the games played are counted move for move: the page shows they were distinct.
    const distinct = game.chanceFree ? new DistinctGames(config.lineups.length) : undefined;
    await start(async (signal) => {
      setProgress({ played: 0, total: ran.games * config.lineups.length, started, now: started });
      const outcome = await runLab(
        {
          game: config.game,
          lineups: config.lineups,
          paired: config.paired,
          seatPairs: config.seatPairs,
          openings: config.openings,
          games: ran.games,
          seed: config.seed,
          signal,
          onProgress: (played, total) => setProgress({ played, total, started, now: performance.now() }),
          ...(distinct === undefined ? {} : { gameLog: distinct }),
        },
        webWorkerExecutor(threads),
      );
      const seconds = (performance.now() - started) / 1000;
      if (outcome.played === 0) {
        setError(outcome.aborted ? 'Cancelled before any batch of games was complete.' : 'No games were played.');
        return;
      }
      const results = labResults(outcome.plan.config, outcome.tally, outcome.batches);
      setFinished({ results, json: `${resultsJsonText(results)}\n`, csv: resultsCsv(results), settings: ran, played: outcome.played, cancelled: outcome.aborted, seconds, ...(distinct === undefined ? {} : { distinct: distinctGamesLine(distinct.counts, config.lineups) }) });
    }, () => setProgress(null));
  };

  const gamesLabel = solitaire ? 'Games per strategy' : 'Games per pairing';
  const command = cliCommand(experimentConfig(settings), settings.games);
  return (
    <main class="lab">
      <PageHeader title="Lab" problems={problems} onDismiss={() => setProblems([])} />
      <p class="lead">
        Pit strategies against each other over many seeded games, here in your browser on {threads} worker{threads === 1 ? '' : 's'}. A seed gives exactly the figures of the command line.
      </p>
      <form
        class="lab-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <label class="field">
          Game
          <select value={settings.game} disabled={running} onChange={(e) => chooseGame(e.currentTarget.value)}>
            {GAME_CHOICES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title} ({g.numPlayers === 1 ? 'compare strategies' : 'tournament'})
              </option>
            ))}
          </select>
        </label>
        <fieldset class="players" disabled={running}>
          <legend>{solitaire ? 'Strategies' : 'Players (every ordered pair plays)'}</legend>
          {game.agents.map((agent) => (
            <label key={agent.id} class="player" title={agent.description}>
              <input type="checkbox" checked={settings.players.includes(agent.id)} onChange={(e) => togglePlayer(agent.id, e.currentTarget.checked)} />
              <span>
                <strong>{agent.id}</strong>
                {agent.name !== agent.id && <span class="muted"> · {agent.name}</span>}
                {agent.seesHidden && <span class="muted"> · reads hidden cards (a bound, not a fair player)</span>}
              </span>
            </label>
          ))}
        </fieldset>
        <div class="lab-numbers">
          <label class="field">
            {gamesLabel}
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_GAMES}
              step={1}
              value={settings.games}
              disabled={running}
              onChange={(e) => {
                const n = Number(e.currentTarget.value);
                if (Number.isSafeInteger(n) && n >= 1 && n <= MAX_GAMES) update({ games: n });
              }}
            />
          </label>
          <label class="field">
            Seed
            <input
              type="text"
              inputMode="numeric"
              value={String(settings.seed)}
              disabled={running}
              onChange={(e) => {
                const n = Number(e.currentTarget.value.trim());
                if (/^\d{1,16}$/.test(e.currentTarget.value.trim()) && Number.isSafeInteger(n)) update({ seed: n });
              }}
            />
          </label>
          <button type="button" disabled={running} onClick={() => update({ seed: newSeed() })}>
            New seed
          </button>
        </div>
        {solitaire && (
          <label class="switch">
            <input type="checkbox" checked={settings.paired} disabled={running} onChange={(e) => update({ paired: e.currentTarget.checked })} />
            Paired: every strategy plays the same deals
          </label>
        )}
        {game.openings.length > 0 && (
          <label class="field">
            Openings
            <select value={settings.openings} disabled={running} onChange={(e) => update({ openings: e.currentTarget.value })}>
              {game.openings.map((o) => (
                <option key={o.name} value={o.name}>
                  {o.name}: {o.size} openings, each played with both colours
                </option>
              ))}
              <option value={NO_OPENINGS}>none: every game from the empty board</option>
            </select>
          </label>
        )}
        {repeats !== undefined && (
          <p class="problems" role="alert" data-testid="repeats">
            Not run: {repeats}
          </p>
        )}
        {command !== undefined && (
          <p class="hint">
            The same figures on the command line: <code>{command} --json</code>
          </p>
        )}
        <div class="buttons">
          <button type="submit" class="primary" disabled={running || settings.players.length === 0 || repeats !== undefined}>
            Run
          </button>
          <button type="button" disabled={!running} onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
      <ProgressLine progress={progress} />
      {error !== '' && (
        <p class="problems" role="alert">
          {error}
        </p>
      )}
      {finished !== null && <ResultsView finished={finished} />}
      <SprtSection />
    </main>
  );
}

function ProgressLine({ progress }: { readonly progress: Progress | null }) {
  const seconds = progress === null ? 0 : (progress.now - progress.started) / 1000;
  const rate = progress === null || seconds <= 0 ? 0 : progress.played / seconds;
  const text =
    progress === null
      ? ''
      : `${progress.played.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} games${rate > 0 ? ` · ${formatRate(rate)} · ${formatEta((progress.total - progress.played) / rate)}` : ' · starting the workers'}`;
  return (
    <div class="lab-progress" hidden={progress === null}>
      <progress aria-label="Progress" max={progress?.total ?? 1} value={progress?.played ?? 0} />
      <p role="status" aria-live="polite">
        {text}
      </p>
    </div>
  );
}

function Table({ caption, table }: { readonly caption: string; readonly table: TextTable }) {
  return (
    <div class="table-wrap">
      <table class="lab-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {table.header.map((h, i) => (
              <th key={i} scope="col" class={i === 0 ? '' : 'num'}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  // An interval may break after its comma on a narrow screen (lab.css).
                  <td key={i} class={table.header[i]?.includes('CI') === true ? 'num ci' : 'num'}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An object URL for a download, revoked when the text changes or the view goes. */
function useDownload(text: string, type: string): string {
  const url = useMemo(() => URL.createObjectURL(new Blob([text], { type })), [text, type]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url;
}

function ResultsView({ finished }: { readonly finished: Finished }) {
  const { results, settings } = finished;
  const charts = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (charts.current !== null) drawCharts(charts.current, results);
  }, [results]);
  const jsonUrl = useDownload(finished.json, 'application/json');
  const csvUrl = useDownload(finished.csv, 'text/csv');
  const base = `${settings.game}-seed-${String(settings.seed)}`;
  const rate = (finished.played * results.config.lineups.length) / Math.max(finished.seconds, 1e-9);
  return (
    <section class="lab-results" aria-labelledby="results-title">
      <h2 id="results-title">{headlineOf(results)}</h2>
      <p class="hint">
        {finished.cancelled ? `Cancelled: these results count the ${finished.played.toLocaleString('en-US')} games per ${results.kind === 'comparison' ? 'strategy' : 'pairing'} completed. ` : ''}
        {(finished.played * results.config.lineups.length).toLocaleString('en-US')} games in {finished.seconds.toFixed(1)} s ({formatRate(rate)}).
      </p>
      {finished.distinct !== undefined && (
        <p class="hint" data-testid="distinct-games">
          {finished.distinct}
        </p>
      )}
      {resultsTables(results).map(({ caption, table }) => (
        <Table key={caption} caption={caption} table={table} />
      ))}
      <div class="buttons downloads">
        <a class="button" href={jsonUrl} download={`${base}.json`}>
          Download JSON
        </a>
        <a class="button" href={csvUrl} download={`${base}.csv`}>
          Download CSV
        </a>
      </div>
      <h3>Charts</h3>
      <div class="lab-charts" ref={charts} />
    </section>
  );
}
