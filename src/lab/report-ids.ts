/**
 * The two elements an `--html` report and its chart script share: the embedded results JSON and
 * the container the charts are drawn into. Their own module, so the script (dist/report/charts.js)
 * takes the ids without the report code and the game engines behind it.
 */
export const RESULTS_ELEMENT_ID = 'lab-results';
export const CHARTS_ELEMENT_ID = 'lab-charts';
