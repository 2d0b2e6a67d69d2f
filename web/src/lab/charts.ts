/**
 * The lab's charts, drawn with Observable Plot from `LabResults` (src/lab/lab-results.ts). One
 * module for both places that show them: the /lab page, and the `--html` report, whose inlined
 * script is this module built by web/vite.report.config.ts into dist/report/charts.js.
 *
 * - one-player games: each strategy's score distribution (share of games by score, one panel per
 *   strategy), and the running mean with its 95% band as games accumulate;
 * - two-player games: the win-rate matrix as a heat map (the Wilson CI in each cell's tip and
 *   title), and the Elo ratings with their 95% intervals (an unbounded side drawn to the edge and
 *   marked ∞).
 *
 * Colours are colour-blind safe: the Okabe–Ito palette for strategies, and the purple–orange
 * diverging scheme (ColorBrewer PuOr) around an even 0.5 for win rates; the numbers are also
 * written in the cells, so colour is never the only cue.
 */
import * as Plot from '@observablehq/plot';
import type { ComparisonResults, LabResults, TournamentResults } from '../../../src/lab/lab-results.js';

/** Okabe & Ito's palette (Color Universal Design), black last. */
export const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'] as const;

export interface Chart {
  /** A short id (`distribution`, `running-mean`, `win-rates`, `elo`), for tests and links. */
  readonly id: string;
  readonly title: string;
  /** What the chart shows, in words (its caption and accessible description). */
  readonly description: string;
  readonly node: SVGSVGElement | HTMLElement;
}

const strategyColor = (strategies: readonly string[]): Plot.ScaleOptions => ({
  domain: [...strategies],
  range: strategies.map((_, i) => OKABE_ITO[i % OKABE_ITO.length]!),
  legend: true,
});

const fixed = (x: number, digits: number): string => x.toFixed(digits);

function comparisonCharts(results: ComparisonResults, width: number, document: Document): Chart[] {
  const charts: Chart[] = [];
  const color = strategyColor(results.strategies);
  if (results.distribution !== null) {
    const data = results.distribution;
    const title = 'Score distribution';
    const description = `Share of games by final score (${String(results.scoreRange[0])} to ${String(results.scoreRange[1])}), one panel per strategy.`;
    charts.push({
      id: 'distribution',
      title,
      description,
      node: Plot.plot({
        document,
        width,
        height: 40 + 90 * results.strategies.length,
        marginLeft: 48,
        marginRight: 90,
        ariaLabel: title,
        ariaDescription: description,
        x: { label: 'score', domain: [results.scoreRange[0] - 0.5, results.scoreRange[1] + 0.5] },
        y: { label: 'share of games', grid: true, tickFormat: '.0%' },
        fy: { label: null, domain: [...results.strategies] },
        color,
        marks: [
          Plot.rectY(data, {
            x1: (d: (typeof data)[number]) => d.score - 0.45,
            x2: (d: (typeof data)[number]) => d.score + 0.45,
            y: 'share',
            fy: 'strategy',
            fill: 'strategy',
            title: (d: (typeof data)[number]) => `${d.strategy}: ${d.games.toLocaleString('en-US')} games scored ${String(d.score)} (${fixed(100 * d.share, 1)}%)`,
            tip: true,
          }),
          Plot.ruleY([0]),
        ],
      }),
    });
  }
  if (results.running.length > 0) {
    const data = results.running;
    const title = 'Running mean with its 95% band';
    const description = 'Each strategy’s mean score over its first n games (by game number) and the 95% confidence band: where the bands stop moving and stop overlapping, the answer has settled.';
    charts.push({
      id: 'running-mean',
      title,
      description,
      node: Plot.plot({
        document,
        width,
        height: 320,
        marginLeft: 56,
        ariaLabel: title,
        ariaDescription: description,
        x: { label: 'games', grid: true },
        y: { label: 'mean score', grid: true },
        color,
        marks: [
          Plot.areaY(data, { x: 'games', y1: 'low', y2: 'high', z: 'strategy', fill: 'strategy', fillOpacity: 0.22 }),
          Plot.lineY(data, { x: 'games', y: 'mean', z: 'strategy', stroke: 'strategy', strokeWidth: 2 }),
          Plot.tip(
            data,
            Plot.pointer({
              x: 'games',
              y: 'mean',
              title: (d: (typeof data)[number]) => `${d.strategy} after ${d.games.toLocaleString('en-US')} games: ${fixed(d.mean, 4)} [${fixed(d.low, 4)}, ${fixed(d.high, 4)}]`,
            }),
          ),
        ],
      }),
    });
  }
  return charts;
}

function tournamentCharts(results: TournamentResults, width: number, document: Document): Chart[] {
  const ids = results.players.map((p) => p.id);
  const cells = results.cells;
  type Cell = (typeof cells)[number];
  const matrixTitle = 'Win rates';
  const matrixDescription = 'Win rate of the row player (first seat) against the column player (second seat); each cell’s tip gives the games and the 95% Wilson interval.';
  const side = Math.min(width, 140 + 90 * ids.length);
  const label = (d: Cell): string =>
    `${d.row} vs ${d.column}: win rate ${fixed(d.winRate, 3)} (95% CI ${fixed(d.ciLow, 3)}–${fixed(d.ciHigh, 3)}), ${d.games.toLocaleString('en-US')} games: ${String(d.wins)} won, ${String(d.draws)} drawn, ${String(d.losses)} lost`;
  const charts: Chart[] = [
    {
      id: 'win-rates',
      title: matrixTitle,
      description: matrixDescription,
      node: Plot.plot({
        document,
        width: side,
        height: 70 + 60 * ids.length,
        marginLeft: 100,
        marginTop: 50,
        ariaLabel: matrixTitle,
        ariaDescription: matrixDescription,
        x: { label: 'second seat', domain: ids, axis: 'top' },
        y: { label: 'first seat', domain: ids },
        color: { type: 'linear', scheme: 'PuOr', domain: [0, 1], label: 'win rate of the first seat', legend: true },
        marks: [
          Plot.cell(cells, { x: 'column', y: 'row', fill: 'winRate', inset: 1, title: label, tip: true }),
          Plot.text(cells, {
            x: 'column',
            y: 'row',
            text: (d: Cell) => fixed(d.winRate, 3),
            fill: (d: Cell) => (Math.abs(d.winRate - 0.5) > 0.3 ? 'white' : 'black'),
            pointerEvents: 'none',
          }),
        ],
      }),
    },
  ];
  if (results.elo.length > 0) {
    const elo = results.elo;
    type Rating = (typeof elo)[number];
    const finite = elo.flatMap((r) => [r.rating, r.low, r.high]).filter((x): x is number => x !== null && Number.isFinite(x));
    const lo = Math.min(...finite);
    const hi = Math.max(...finite);
    const pad = Math.max(50, 0.08 * (hi - lo));
    const domain: [number, number] = [lo - pad, hi + pad];
    const order = [...elo].sort((a, b) => b.rating - a.rating).map((r) => r.id);
    const title = 'Elo ratings with 95% intervals';
    const description = 'Each player’s Elo rating (mean 0) and its 95% score-test interval; a side the games do not bound runs to the edge, marked ∞.';
    const text = (r: Rating): string => `${r.id}: ${fmtElo(r.rating)} [${r.low === null ? '−∞' : fmtElo(r.low)}, ${r.high === null ? '+∞' : fmtElo(r.high)}]`;
    charts.push({
      id: 'elo',
      title,
      description,
      node: Plot.plot({
        document,
        width,
        height: 60 + 40 * elo.length,
        marginLeft: 100,
        marginRight: 30,
        ariaLabel: title,
        ariaDescription: description,
        x: { label: 'Elo', domain, grid: true },
        y: { label: null, domain: order },
        marks: [
          Plot.ruleX([0], { stroke: '#999' }),
          Plot.ruleY(elo, { y: 'id', x1: (r: Rating) => r.low ?? domain[0], x2: (r: Rating) => r.high ?? domain[1], stroke: '#0072B2', strokeWidth: 3 }),
          Plot.dot(elo, { y: 'id', x: 'rating', r: 5, fill: '#D55E00', stroke: 'white', title: text, tip: true }),
          Plot.text(elo.filter((r) => r.high === null), { y: 'id', x: domain[1], text: () => '+∞', dy: -10, textAnchor: 'end' }),
          Plot.text(elo.filter((r) => r.low === null), { y: 'id', x: domain[0], text: () => '−∞', dy: -10, textAnchor: 'start' }),
        ],
      }),
    });
  }
  return charts;
}

const fmtElo = (x: number): string => {
  const r = Math.round(x);
  return r > 0 ? `+${String(r)}` : r < 0 ? `−${String(-r)}` : '0';
};

/** The charts of an experiment's results, `width` pixels wide. */
export function chartsFor(results: LabResults, width: number, document: Document = globalThis.document): Chart[] {
  return results.kind === 'comparison' ? comparisonCharts(results, width, document) : tournamentCharts(results, width, document);
}

/**
 * Draws the charts into `container` (replacing what it held), each in a <figure> with its title as
 * the caption and its description below: what the report's script and the lab page both call.
 */
export function drawCharts(container: HTMLElement, results: LabResults, width = Math.max(300, Math.min(900, container.clientWidth || 900))): Chart[] {
  const document = container.ownerDocument;
  const charts = chartsFor(results, width, document);
  container.replaceChildren(
    ...charts.map((chart) => {
      const figure = document.createElement('figure');
      figure.className = 'lab-chart';
      figure.dataset['chart'] = chart.id;
      const caption = document.createElement('figcaption');
      caption.textContent = chart.title;
      const about = document.createElement('p');
      about.textContent = chart.description;
      figure.append(caption, about, chart.node);
      return figure;
    }),
  );
  return charts;
}
