/**
 * The `--html` report's script (built by web/vite.report.config.ts into dist/report/charts.js and
 * inlined into every report): reads the results JSON the report embeds and draws the lab page's
 * charts from it. Nothing is fetched.
 */
import { CHARTS_ELEMENT_ID, RESULTS_ELEMENT_ID } from '../../../src/lab/report-ids.js';
import type { LabResults } from '../../../src/lab/lab-results.js';
import { drawCharts } from './charts.js';

function draw(): void {
  const data = document.getElementById(RESULTS_ELEMENT_ID);
  const container = document.getElementById(CHARTS_ELEMENT_ID);
  if (data === null || container === null) return;
  try {
    drawCharts(container, JSON.parse(data.textContent ?? 'null') as LabResults);
  } catch (error) {
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.textContent = `The charts could not be drawn: ${error instanceof Error ? error.message : String(error)}. The tables above hold every figure.`;
    container.replaceChildren(p);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', draw);
else draw();
