/**
 * The results the lab page, `--html` and `--csv` share: the score distribution and the running
 * mean from a tally and its batches, the CSV (golden), the HTML report's tables (golden) and its
 * self-containedness.
 */
import { describe, expect, it } from 'vitest';
import { BatchPlayer, emptyTally, mergeTally, type ExperimentConfig, type Tally } from './experiment.js';
import { escapeHtml, inlineScript, renderHtmlReport, resultsTablesHtml } from './html-report.js';
import { labResults, resultsCsv, resultsJsonText, type ComparisonResults, type TournamentResults } from './lab-results.js';
import { comparisonReport, renderReport, roundRobinLineups } from './report.js';

const COMPARE: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic'], ['random']], seed: 1, paired: false };

/** A tally of ConnectFwar games with these scores per lineup (every score in 0..48). */
function tallyOf(config: ExperimentConfig, scores: readonly (readonly number[])[]): Tally {
  const tally = emptyTally(config);
  scores.forEach((list, l) => {
    const lineup = tally.lineups[l]!;
    const seat = lineup.seats[0]!;
    for (const r of list) {
      lineup.games++;
      seat.sum += r;
      seat.sumSq += r * r;
      if (r > 0) seat.wins++;
      else seat.draws++;
      if (r === 0) seat.atMin++;
      seat.scores![r]!++;
    }
  });
  return tally;
}

describe('labResults for a comparison', () => {
  const first = tallyOf(COMPARE, [[10, 20], [0, 0]]);
  const second = tallyOf(COMPARE, [[30, 40], [5, 0]]);
  const tally = emptyTally(COMPARE);
  mergeTally(tally, first);
  mergeTally(tally, second);
  const results = labResults(COMPARE, tally, [
    { start: 2, end: 4, tally: second },
    { start: 0, end: 2, tally: first },
  ]) as ComparisonResults;

  it('gives each strategy its score distribution', () => {
    expect(results.kind).toBe('comparison');
    expect(results.distribution!.filter((d) => d.games > 0)).toEqual([
      { strategy: 'basic', score: 10, games: 1, share: 0.25 },
      { strategy: 'basic', score: 20, games: 1, share: 0.25 },
      { strategy: 'basic', score: 30, games: 1, share: 0.25 },
      { strategy: 'basic', score: 40, games: 1, share: 0.25 },
      { strategy: 'random', score: 0, games: 3, share: 0.75 },
      { strategy: 'random', score: 5, games: 1, share: 0.25 },
    ]);
    expect(results.distribution!.length).toBe(2 * 49);
  });

  it('gives the running mean at each batch end, in game order', () => {
    expect(results.running.map((p) => [p.strategy, p.games, p.mean])).toEqual([
      ['basic', 2, 15],
      ['random', 2, 0],
      ['basic', 4, 25],
      ['random', 4, 1.25],
    ]);
    // The last point's interval is the report table's (within the score range, see summarizeMoments).
    const last = results.running[2]!;
    const basic = comparisonReport(COMPARE, tally).strategies.basic!;
    expect([last.low, last.high]).toEqual([basic.ciLow, basic.ciHigh]);
    expect(last.low).toBeLessThan(25);
    expect(last.high).toBeGreaterThan(25);
  });

  it('has no distribution when a batch kept none (records written before distributions)', () => {
    const old = tallyOf(COMPARE, [[10], [0]]);
    for (const lineup of old.lineups) delete lineup.seats[0]!.scores;
    const merged = emptyTally(COMPARE);
    mergeTally(merged, first);
    mergeTally(merged, old);
    expect((labResults(COMPARE, merged) as ComparisonResults).distribution).toBeNull();
  });

  it('--json text is the CLI report', () => {
    expect(resultsJsonText(results)).toBe(renderReport(COMPARE, tally, true));
  });

  it('CSV: one row per figure, full precision (golden)', () => {
    expect(resultsCsv(results)).toBe(
      [
        'table,name,versus,games,mean,ci_low,ci_high,sd,lowest_score_share,p_value',
        'strategy,basic,,4,25,10.116509820866272,39.216823512467066,12.909944487358056,0,',
        'strategy,random,,4,1.25,0,24.26956196783801,2.5,0.75,',
        'difference,basic,random,,23.75,10.863454152850492,36.636545847149506,,,0.00030357722509347004',
        '',
      ].join('\r\n'),
    );
  });

  it('CSV: a name a spreadsheet would run as a formula is neutralised; negative numbers stay numbers', () => {
    const names = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR', 'plain'];
    const config: ExperimentConfig = { game: 'connect-fwar', lineups: names.map((name) => [`${name}@object`]), seed: 1, paired: false };
    const csv = resultsCsv(labResults(config, tallyOf(config, names.map(() => [0, 0, 0, 1]))));
    const strategyRows = csv.split('\r\n').filter((row) => row.startsWith('strategy,'));
    expect(strategyRows.map((row) => row.slice(0, row.indexOf(',,')))).toEqual([
      'strategy,"\'=HYPERLINK(""http://x"",""y"")"',
      'strategy,"\'+1"',
      'strategy,"\'-2+3"',
      'strategy,"\'@SUM(A1)"',
      'strategy,"\'\tTAB"',
      'strategy,"\'\rCR"',
      'strategy,plain',
    ]);
    // A difference of 0 between equal strategies has a negative lower bound, written as a number.
    expect(csv).toMatch(/\r\ndifference,"'\+1",plain,,0,-0\.\d+,0\.\d+,/);
  });

  it('HTML tables: the CLI tables as HTML (golden)', () => {
    expect(resultsTablesHtml(results)).toBe(
      [
        '<table>',
        '<caption>Strategies: mean score with its 95% CI</caption>',
        '<thead><tr><th scope="col">strategy</th><th scope="col" class="num">games</th><th scope="col" class="num">mean</th><th scope="col" class="num">95% CI</th><th scope="col" class="num">sd</th><th scope="col" class="num">0-score</th></tr></thead>',
        '<tbody>',
        '<tr><th scope="row">basic</th><td class="num">4</td><td class="num">25.0000</td><td class="num">[10.1165, 39.2168]</td><td class="num">12.91</td><td class="num">0.0%</td></tr>',
        '<tr><th scope="row">random</th><td class="num">4</td><td class="num">1.2500</td><td class="num">[0.0000, 24.2696]</td><td class="num">2.50</td><td class="num">75.0%</td></tr>',
        '</tbody>',
        '</table>',
        '<table>',
        '<caption>Differences of means (independent games, Welch), 95% CI and two-sided p:</caption>',
        '<thead><tr><th scope="col">difference</th><th scope="col" class="num">mean</th><th scope="col" class="num">95% CI</th><th scope="col" class="num">p</th></tr></thead>',
        '<tbody>',
        '<tr><th scope="row">basic - random</th><td class="num">+23.7500</td><td class="num">[+10.8635, +36.6365]</td><td class="num">3.0e-4</td></tr>',
        '</tbody>',
        '</table>',
      ].join('\n'),
    );
  });

  it('the HTML report embeds the results and the script so that neither can end its <script> early', () => {
    const html = renderHtmlReport(results, { chartScript: 'draw("</script><b>")' });
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>ConnectFwar: 4 games per strategy, seed 1 · Tabletop Lab report</title>');
    expect(html).toContain('<script>draw("<\\/script><b>")</script>');
    expect(html.match(/<script/g)!.length).toBe(2);
    const embedded = /<script type="application\/json" id="lab-results">(.*?)<\/script>/s.exec(html)![1]!;
    expect(embedded).not.toContain('<');
    expect(JSON.parse(embedded)).toEqual(JSON.parse(JSON.stringify(results)));
    expect(html).toContain('<p>Replay: <code>tabletop connect-fwar compare --players basic,random --games 4 --seed 1</code></p>');
    // Nothing is fetched: no external source, link or stylesheet.
    expect(html).not.toMatch(/\b(src|href)=/);
  });
});

describe('labResults for a tournament', () => {
  const config: ExperimentConfig = { game: 'uno-war', lineups: roundRobinLineups(['random', 'smallest']), seed: 4, paired: false };
  const tally = new BatchPlayer(config).play(0, 60);
  const results = labResults(config, tally) as TournamentResults;

  it('lists every pairing and the ratings, unbounded sides as null', () => {
    expect(results.cells.map((c) => `${c.row}-${c.column}`)).toEqual(['random-random', 'random-smallest', 'smallest-random', 'smallest-smallest']);
    expect(results.cells.every((c) => c.games === 60)).toBe(true);
    // Smallest never loses to Random in 60 games: its rating has no upper bound.
    const smallest = results.elo.find((r) => r.id === 'smallest')!;
    expect([smallest.high, results.report.elo.find((r) => r.id === 'smallest')!.high]).toEqual([null, Infinity]);
  });

  it('CSV rows are pairings and ratings, with ±Infinity spelled out', () => {
    const lines = resultsCsv(results).split('\r\n');
    expect(lines[0]).toBe('table,player,opponent,games,wins,draws,losses,value,ci_low,ci_high');
    expect(lines.slice(1, 5).map((l) => l.split(',').slice(0, 4).join(','))).toEqual(['pairing,random,random,60', 'pairing,random,smallest,60', 'pairing,smallest,random,60', 'pairing,smallest,smallest,60']);
    expect(lines[6]).toMatch(/^elo,smallest,,,,,,\d+\.\d+,\d+\.\d+,Infinity$/);
  });
});

describe('HTML escaping', () => {
  it('escapes markup in text and </script in scripts', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    expect(inlineScript('a</SCRIPT>b</script >')).toBe('a<\\/SCRIPT>b<\\/script >');
  });
});
