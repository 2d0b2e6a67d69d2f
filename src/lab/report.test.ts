import { describe, expect, it } from 'vitest';
import { emptyTally, type ExperimentConfig, type Tally } from './experiment.js';
import { comparisonJson, comparisonReport, formatComparison, formatPValue, formatTournament, tournamentReport } from './report.js';

/** basic scored 2, 4, 4, 6 and random 0, 0, 2, 2 (hand-computed figures in the golden below). */
function smallComparison(): { config: ExperimentConfig; tally: Tally } {
  const config: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic'], ['random']], seed: 9, paired: false };
  const tally = emptyTally(config);
  Object.assign(tally.lineups[0]!, { games: 4 });
  Object.assign(tally.lineups[0]!.seats[0]!, { sum: 16, sumSq: 72, wins: 4, atMin: 0 });
  Object.assign(tally.lineups[1]!, { games: 4 });
  Object.assign(tally.lineups[1]!.seats[0]!, { sum: 4, sumSq: 8, wins: 2, draws: 2, atMin: 2 });
  return { config, tally };
}

describe('comparison report', () => {
  it('formats means, CIs, sd, 0-score share and the Welch difference (golden)', () => {
    const { config, tally } = smallComparison();
    // basic: mean 4, sd sqrt(8/3) = 1.633; random: mean 1, sd 1.155. The intervals count a
    // pseudo-game at each end of ConnectFwar's score range 0..48 (summarizeMoments):
    //   basic: n' = 6, Σ = 16 + 48 = 64, Σx² = 72 + 2304 = 2376: centre 10.6667,
    //          var = (2376 − 64²/6)/5 = 338.667, ±1.96·18.403/√6 = ±14.7251 → [−4.06, 25.3918], cut at 0;
    //   random: n' = 6, Σ = 52, Σx² = 2312: centre 8.6667, var = (2312 − 52²/6)/5 = 372.267,
    //          ±1.96·19.294/√6 = ±15.4383 → [−6.77, 24.1050], cut at 0.
    // Difference 3 with standard error sqrt(8/3/4 + 4/3/4) = 1: [1.0400, 4.9600], z = 3, p = 0.0027.
    expect(formatComparison(comparisonReport(config, tally))).toBe(
      [
        'ConnectFwar: 4 games per strategy, seed 9',
        '',
        'strategy  games    mean             95% CI    sd  0-score',
        'basic         4  4.0000  [0.0000, 25.3918]  1.63     0.0%',
        'random        4  1.0000  [0.0000, 24.1050]  1.15    50.0%',
        '',
        'Differences of means (independent games, Welch), 95% CI and two-sided p:',
        'difference         mean              95% CI      p',
        'basic - random  +3.0000  [+1.0400, +4.9600]  0.003',
      ].join('\n'),
    );
  });

  it('JSON: strategy → figures, each with its differences to the others', () => {
    const { config, tally } = smallComparison();
    const json = comparisonJson(comparisonReport(config, tally)) as Record<string, { mean: number; zeroShare: number; vs: Record<string, { difference: number; ciLow: number }> }>;
    expect(Object.keys(json)).toEqual(['basic', 'random']);
    expect(json.random!.zeroShare).toBe(0.5);
    expect(json.basic!.vs.random!.difference).toBe(3);
    expect(json.random!.vs.basic!.difference).toBe(-3);
    expect(json.random!.vs.basic!.ciLow).toBeCloseTo(-4.96, 4);
  });

  it('p-values: three decimals, then scientific, then a bound', () => {
    expect(formatPValue(0.5)).toBe('0.500');
    expect(formatPValue(0.00012)).toBe('1.2e-4');
    expect(formatPValue(0)).toBe('< 1e-300');
  });
});

describe('tournament report', () => {
  it('builds the matrix from the first seat and fits ratings over both seats', () => {
    const config: ExperimentConfig = { game: 'uno-war', lineups: [['smallest', 'biggest'], ['biggest', 'smallest']], seed: 1, paired: false };
    const tally = emptyTally(config);
    Object.assign(tally.lineups[0]!, { games: 10 });
    Object.assign(tally.lineups[0]!.seats[0]!, { wins: 9, losses: 1 });
    Object.assign(tally.lineups[0]!.seats[1]!, { wins: 1, losses: 9 });
    Object.assign(tally.lineups[1]!, { games: 10 });
    Object.assign(tally.lineups[1]!.seats[0]!, { wins: 3, losses: 7 });
    Object.assign(tally.lineups[1]!.seats[1]!, { wins: 7, losses: 3 });
    const report = tournamentReport(config, tally, {});
    expect(report.players).toEqual([
      { id: 'smallest', name: 'Smallest Card AI' },
      { id: 'biggest', name: 'Biggest Card AI' },
    ]);
    expect(report.matrix[0]![1]).toMatchObject({ games: 10, wins: 9, winRate: 0.9 });
    expect(report.matrix[1]![0]).toMatchObject({ games: 10, wins: 3, winRate: 0.3 });
    expect(report.matrix[0]![0]).toBeNull();
    // smallest scored 16 of 20 against biggest: 400·log10(4) Elo apart, centred on 0.
    expect(report.elo[0]!.rating - report.elo[1]!.rating).toBeCloseTo(400 * Math.log10(4), 0);
    const text = formatTournament(report);
    expect(text).toContain('Smallest Card AI vs. Biggest Card AI winRate: 0.900  (95% CI 0.596–0.982)');
    expect(text).toContain('Biggest Card AI vs. Smallest Card AI winRate: 0.300  (95% CI 0.108–0.603)');
    expect(text).toMatch(/\nsmallest\s+-\s+0\.900\n/);
  });
});
