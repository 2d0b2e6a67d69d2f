/**
 * A dot-and-interval chart as a standalone SVG document: one row per player, a dot at its estimate
 * (a mean, a win rate, a score) and a bar over its 95% confidence interval, on a shared axis with an
 * optional reference line (0.5 for a win rate). Used by `npm run what-wins:charts` to draw the
 * charts of docs/what-wins.md from the figures of its tables.
 *
 * Why not Observable Plot, which draws the `--html` report's charts: Plot builds its SVG through a
 * DOM, which Node lacks, and a DOM implementation (jsdom) would be a heavy dependency for a few
 * static charts. The layout here is simple enough to write directly, and pure string building
 * keeps the charts byte-for-byte reproducible and quick to test.
 */

export interface IntervalRow {
  /** The row's label (a player, a pairing). */
  readonly label: string;
  readonly estimate: number;
  /** The 95% confidence interval. */
  readonly low: number;
  readonly high: number;
}

export interface IntervalChart {
  /** The chart's title, shown above it and as the SVG's accessible name. */
  readonly title: string;
  /** What the axis measures ("mean score", "win rate"). */
  readonly measure: string;
  /** A longer description for screen readers (the SVG's <desc>). */
  readonly description: string;
  readonly rows: readonly IntervalRow[];
  /** The axis's range; default: the rows' intervals, widened to round ticks. */
  readonly domain?: readonly [number, number];
  /** A vertical reference line (e.g. 0.5: an even match). */
  readonly reference?: number;
  /** Decimals shown for each estimate; default 3. */
  readonly decimals?: number;
}

const WIDTH = 720;
const LABEL_WIDTH = 230;
const VALUE_WIDTH = 70;
const ROW_HEIGHT = 30;
const TOP = 58;
const AXIS_HEIGHT = 44;
const PLOT_LEFT = LABEL_WIDTH + 10;
const PLOT_RIGHT = WIDTH - VALUE_WIDTH - 10;

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** Evenly spaced round ticks covering [low, high] (about `count` of them). */
export function niceTicks(low: number, high: number, count = 6): number[] {
  if (!(Number.isFinite(low) && Number.isFinite(high) && high > low)) throw new RangeError(`Invalid axis range [${String(low)}, ${String(high)}]`);
  const raw = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const ticks: number[] = [];
  // Whole multiples of the step, computed from integers so that 0.1 + 0.2 errors never show.
  for (let k = Math.floor(low / step + 1e-9); k <= Math.ceil(high / step - 1e-9); k++) ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}

const fmt = (x: number): string => String(Number(x.toFixed(2)));

/** The chart as an SVG document (text). Throws a RangeError for an empty chart or an interval that does not hold its estimate. */
export function intervalChartSvg(chart: IntervalChart): string {
  if (chart.rows.length === 0) throw new RangeError(`Chart '${chart.title}' has no rows`);
  for (const row of chart.rows) {
    if (!(row.low <= row.estimate && row.estimate <= row.high)) {
      throw new RangeError(`Chart '${chart.title}', row '${row.label}': the interval [${String(row.low)}, ${String(row.high)}] does not hold the estimate ${String(row.estimate)}`);
    }
  }
  const lows = chart.rows.map((row) => row.low);
  const highs = chart.rows.map((row) => row.high);
  const ticks = chart.domain === undefined ? niceTicks(Math.min(...lows, chart.reference ?? Infinity), Math.max(...highs, chart.reference ?? -Infinity)) : niceTicks(chart.domain[0], chart.domain[1]);
  const [from, to] = chart.domain ?? [ticks[0]!, ticks[ticks.length - 1]!];
  const x = (value: number): number => PLOT_LEFT + ((value - from) / (to - from)) * (PLOT_RIGHT - PLOT_LEFT);
  const plotBottom = TOP + chart.rows.length * ROW_HEIGHT;
  const height = plotBottom + AXIS_HEIGHT;
  const decimals = chart.decimals ?? 3;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(WIDTH)}" height="${String(height)}" viewBox="0 0 ${String(WIDTH)} ${String(height)}" role="img" aria-labelledby="title desc" font-family="system-ui, sans-serif" font-size="13">`,
    `<title id="title">${escapeXml(chart.title)}</title>`,
    `<desc id="desc">${escapeXml(chart.description)}</desc>`,
    `<rect width="${String(WIDTH)}" height="${String(height)}" fill="#ffffff"/>`,
    `<text x="10" y="24" font-size="15" font-weight="600" fill="#1b1b1b">${escapeXml(chart.title)}</text>`,
    '<text class="legend" x="10" y="44" fill="#444444">dot: the estimate; bar: its 95% confidence interval</text>',
  );
  parts.push('<g class="grid" stroke="#e3e3e3">');
  for (const tick of ticks) parts.push(`<line x1="${fmt(x(tick))}" x2="${fmt(x(tick))}" y1="${String(TOP)}" y2="${String(plotBottom)}"/>`);
  parts.push('</g>');
  if (chart.reference !== undefined) {
    parts.push(`<line class="reference" x1="${fmt(x(chart.reference))}" x2="${fmt(x(chart.reference))}" y1="${String(TOP - 6)}" y2="${String(plotBottom)}" stroke="#888888" stroke-dasharray="4 3"/>`);
  }
  chart.rows.forEach((row, i) => {
    const y = TOP + i * ROW_HEIGHT + ROW_HEIGHT / 2;
    parts.push(
      `<g class="row" data-label="${escapeXml(row.label)}">`,
      `<text class="label" x="${String(LABEL_WIDTH)}" y="${fmt(y + 4)}" text-anchor="end" fill="#1b1b1b">${escapeXml(row.label)}</text>`,
      // At least 2 px wide, so a very narrow interval still shows as a bar behind the dot.
      `<line class="interval" x1="${fmt(Math.min(x(row.low), x(row.estimate) - 1))}" x2="${fmt(Math.max(x(row.high), x(row.estimate) + 1))}" y1="${fmt(y)}" y2="${fmt(y)}" stroke="#4269d0" stroke-width="4" stroke-linecap="butt"/>`,
      `<circle class="estimate" cx="${fmt(x(row.estimate))}" cy="${fmt(y)}" r="5" fill="#1b1b1b"/>`,
      `<text class="value" x="${String(WIDTH - 10)}" y="${fmt(y + 4)}" text-anchor="end" fill="#1b1b1b">${row.estimate.toFixed(decimals)}</text>`,
      '</g>',
    );
  });
  parts.push(`<g class="axis" fill="#444444" text-anchor="middle">`);
  parts.push(`<line x1="${String(PLOT_LEFT)}" x2="${String(PLOT_RIGHT)}" y1="${String(plotBottom)}" y2="${String(plotBottom)}" stroke="#444444"/>`);
  for (const tick of ticks) parts.push(`<text class="tick" x="${fmt(x(tick))}" y="${String(plotBottom + 16)}">${String(tick)}</text>`);
  parts.push(`<text x="${fmt((PLOT_LEFT + PLOT_RIGHT) / 2)}" y="${String(plotBottom + 36)}">${escapeXml(chart.measure)}</text>`);
  parts.push('</g>', '</svg>');
  return `${parts.join('\n')}\n`;
}
