import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { intervalChartSvg, niceTicks, type IntervalChart } from './interval-chart.js';
import { chartFiles, parseChartData, rowsMissingFromDoc, type ChartData } from './what-wins-charts.js';

const chart: IntervalChart = {
  title: 'Test <chart> & co',
  measure: 'win rate',
  description: 'Three players.',
  domain: [0, 1],
  reference: 0.5,
  rows: [
    { label: 'strong', estimate: 0.8, low: 0.7, high: 0.88 },
    { label: 'even', estimate: 0.5, low: 0.45, high: 0.55 },
    { label: 'weak & slow', estimate: 0.2, low: 0.1, high: 0.31 },
  ],
};

/** The attributes of every element `tag` with class `cls`, in document order. */
function marks(svg: string, tag: string, cls: string): Record<string, string>[] {
  return [...svg.matchAll(new RegExp(`<${tag} class="${cls}"([^>]*)>`, 'g'))].map((match) => Object.fromEntries([...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])));
}

describe('intervalChartSvg', () => {
  const svg = intervalChartSvg(chart);

  it('draws one dot and one interval bar per row, each dot inside its bar, placed by its value', () => {
    const dots = marks(svg, 'circle', 'estimate');
    const bars = marks(svg, 'line', 'interval');
    expect(dots).toHaveLength(3);
    expect(bars).toHaveLength(3);
    const cx = dots.map((d) => Number(d.cx));
    expect(cx[0]).toBeGreaterThan(cx[1]!);
    expect(cx[1]).toBeGreaterThan(cx[2]!);
    bars.forEach((bar, i) => {
      expect(Number(bar.x1)).toBeLessThan(cx[i]!);
      expect(Number(bar.x2)).toBeGreaterThan(cx[i]!);
      expect(Number(bar.y1)).toBe(Number(dots[i]!.cy));
    });
    // The axis is linear: 0.5 sits halfway between 0.2 and 0.8.
    expect(cx[1]! - cx[2]!).toBeCloseTo(cx[0]! - cx[1]!, 1);
    const reference = marks(svg, 'line', 'reference');
    expect(reference).toHaveLength(1);
    expect(Number(reference[0]!.x1)).toBeCloseTo(cx[1]!, 5);
  });

  it('labels the rows in order, escapes text, and is an accessible standalone SVG', () => {
    expect([...svg.matchAll(/<text class="label"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['strong', 'even', 'weak &#38; slow']);
    expect([...svg.matchAll(/<text class="value"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['0.800', '0.500', '0.200']);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* role="img" aria-labelledby="title desc"/);
    expect(svg).toContain('<title id="title">Test &#60;chart&#62; &#38; co</title>');
    expect(svg).toContain('<desc id="desc">Three players.</desc>');
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('draws no reference line unless asked, and fits the axis to the data by default', () => {
    const plain = intervalChartSvg({ ...chart, reference: undefined, domain: undefined });
    expect(marks(plain, 'line', 'reference')).toHaveLength(0);
    const ticks = [...plain.matchAll(/<text class="tick"[^>]*>([^<]*)<\/text>/g)].map((m) => Number(m[1]));
    expect(ticks[0]).toBeLessThanOrEqual(0.1);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(0.88);
  });

  it('rejects an empty chart and an interval that does not hold its estimate', () => {
    expect(() => intervalChartSvg({ ...chart, rows: [] })).toThrow(/no rows/);
    expect(() => intervalChartSvg({ ...chart, rows: [{ label: 'odd', estimate: 0.9, low: 0.1, high: 0.2 }] })).toThrow(/row 'odd'.*does not hold the estimate 0.9/);
  });
});

describe('niceTicks', () => {
  it('covers the range with round, evenly spaced ticks', () => {
    expect(niceTicks(0, 50)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0.45, 0.83)).toEqual([0.4, 0.5, 0.6, 0.7, 0.8, 0.9]);
    expect(niceTicks(0.45, 0.56)).toEqual([0.44, 0.46, 0.48, 0.5, 0.52, 0.54, 0.56]);
    expect(() => niceTicks(1, 1)).toThrow(RangeError);
  });
});

describe('what-wins charts', () => {
  const data: ChartData = {
    charts: [{ ...chart, name: 'test', commands: [], rows: [{ label: 'strong', table: '`strong`', estimate: 0.8, low: 0.7, high: 0.88 }] }],
  };

  it('finds each row of the data in a table line holding its text and its three numbers', () => {
    expect(rowsMissingFromDoc(data, '| player | rate | CI |\n| --- | --- | --- |\n| `strong` | 0.800 | [0.700, 0.880] |\n')).toEqual([]);
    expect(rowsMissingFromDoc(data, '| `strong` | 0.800 | [0.700, 0.890] |\n')).toEqual([expect.stringContaining("test: 'strong' (0.8 [0.7, 0.88]) is in no table row containing '`strong`'")]);
    // Prose does not count: only table lines.
    expect(rowsMissingFromDoc(data, '`strong` scored 0.800 [0.700, 0.880]\n')).toHaveLength(1);
  });

  it('rejects chart data without charts, rows or numbers', () => {
    expect(() => parseChartData('{"charts": []}')).toThrow(/non-empty "charts"/);
    expect(() => parseChartData('{"charts": [{"name": "Bad Name", "rows": []}]}')).toThrow(/Invalid chart name/);
    expect(() => parseChartData('{"charts": [{"name": "x", "rows": [{"label": "a", "table": "a", "estimate": "1", "low": 0, "high": 2}]}]}')).toThrow(/finite estimate/);
  });

  it('the shipped charts: one per game, their figures in the tables of docs/what-wins.md, and the SVG files up to date', () => {
    const shipped = parseChartData(readFileSync(new URL('../../docs/charts/what-wins.json', import.meta.url), 'utf8'));
    expect(shipped.charts.map((c) => c.name)).toEqual(['connect-fwar', 'uno-war', 'connect-four']);
    expect(rowsMissingFromDoc(shipped, readFileSync(new URL('../../docs/what-wins.md', import.meta.url), 'utf8'))).toEqual([]);
    const doc = readFileSync(new URL('../../docs/what-wins.md', import.meta.url), 'utf8');
    for (const { file, svg } of chartFiles(shipped)) {
      expect(readFileSync(new URL(`../../docs/charts/${file}`, import.meta.url), 'utf8'), `docs/charts/${file} is stale: run npm run what-wins:charts`).toBe(svg);
      expect(doc).toMatch(new RegExp(`!\\[[^\\]]{20,}\\]\\(charts/${file}\\)`));
    }
  });
});
