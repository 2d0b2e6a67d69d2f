/**
 * The `--html` report: one self-contained HTML file — the CLI's tables as HTML tables, and the lab
 * page's charts, drawn when the file is opened by the chart script inlined into it (the same
 * Observable Plot code as the page, built into dist/report/charts.js). Nothing is fetched: the
 * file opens offline, from a mail attachment or a CI artefact. Without JavaScript the tables
 * still show, and a note says the charts need it.
 *
 * Pure string building (no file system): the caller passes the chart script's text.
 */
import { comparisonHeadline, tournamentHeadline, type TextTable } from './report.js';
import { cliCommand, resultsTables, type LabResults } from './lab-results.js';
import { CHARTS_ELEMENT_ID, RESULTS_ELEMENT_ID } from './report-ids.js';


export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** JSON inside <script type="application/json">: no `<` at all, so no `</script>` can end it early. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** A script's text made safe inside <script>…</script>: `</script` cannot appear in it. */
export const inlineScript = (code: string): string => code.replace(/<\/(script)/gi, '<\\/$1');

function htmlTable(caption: string, t: TextTable): string {
  const head = t.header.map((h, i) => `<th scope="col"${i === 0 ? '' : ' class="num"'}>${escapeHtml(h)}</th>`).join('');
  const body = t.rows
    .map((row) => `<tr>${row.map((cell, i) => (i === 0 ? `<th scope="row">${escapeHtml(cell)}</th>` : `<td class="num">${escapeHtml(cell)}</td>`)).join('')}</tr>`)
    .join('\n');
  return `<table>\n<caption>${escapeHtml(caption)}</caption>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** The report's tables, in the order the CLI prints them, as HTML. */
export function resultsTablesHtml(results: LabResults): string {
  return resultsTables(results)
    .map(({ caption, table }) => htmlTable(caption, table))
    .join('\n');
}

export const headlineOf = (results: LabResults): string => (results.kind === 'comparison' ? comparisonHeadline(results.report) : tournamentHeadline(results.report));

const STYLE = `
body{font:16px/1.45 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.35rem}
table{border-collapse:collapse;margin:1rem 0;font-variant-numeric:tabular-nums;min-width:min(100%,34rem)}
caption{text-align:left;font-weight:600;padding-bottom:.25rem}
th,td{padding:.2rem .6rem;border-bottom:1px solid #ddd;text-align:left}
.num{text-align:right}
.wrap{overflow-x:auto}
figure{margin:1.5rem 0}
figcaption{font-weight:600}
figure p{margin:.25rem 0;color:#444}
code{font-size:.9em}
`;

export interface HtmlReportOptions {
  /** The chart script (dist/report/charts.js): draws the charts into #lab-charts from #lab-results. */
  readonly chartScript: string;
  /** When the report was made, shown in the page (ISO text; omitted when undefined). */
  readonly generated?: string;
  /** Games per lineup (for the command line shown); default the first strategy's or pairing's. */
  readonly games?: number;
}

/** The whole HTML document. */
export function renderHtmlReport(results: LabResults, options: HtmlReportOptions): string {
  const headline = headlineOf(results);
  const games = options.games ?? (results.kind === 'comparison' ? Object.values(results.report.strategies)[0]?.games : results.cells[0]?.games) ?? 0;
  const command = cliCommand(results.config, games);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(headline)} · Tabletop Lab report</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(headline)}</h1>
${command === undefined ? '' : `<p>Replay: <code>${escapeHtml(command)}</code></p>\n`}${options.generated === undefined ? '' : `<p>Made ${escapeHtml(options.generated)} by Tabletop Lab.</p>\n`}<div class="wrap">
${resultsTablesHtml(results)}
</div>
<section aria-labelledby="charts-title">
<h2 id="charts-title">Charts</h2>
<div id="${CHARTS_ELEMENT_ID}"><noscript><p>The charts are drawn by JavaScript, which is off; the tables above hold every figure.</p></noscript></div>
</section>
</main>
<script type="application/json" id="${RESULTS_ELEMENT_ID}">${scriptJson(results)}</script>
<script>${inlineScript(options.chartScript)}</script>
</body>
</html>
`;
}
