import { describe, expect, it } from 'vitest';
import type { ExperimentConfig } from '../../lab/experiment.js';
import { refereeOf } from './refereed-pairs.js';

/** A refereed test's config with `params` as a results file saves them; only `params` is read. */
const configWith = (params: string): ExperimentConfig => ({ game: 'connect-four', lineups: [['a@referee', 'b@referee']], seed: 1, params }) as unknown as ExperimentConfig;

// The settings as `tabletop connect-four sprt --bot …` has always saved them.
const SAVED =
  'sprt {"kind":"elo","h0":0,"h1":5,"alpha":0.05,"beta":0.05,"every":2,"openings":"all","referee":{"timeLimitMs":18000,"level":4,"bots":[{"name":"ff","command":"sh ff.sh"},{"name":"beginner"}]}}';

describe('the referee settings of a refereed Connect Four test', () => {
  it("read a saved test's alphabeta level, limit and bots; a test played by the lab's agents has none", () => {
    expect(refereeOf(configWith(SAVED))).toEqual({ timeLimitMs: 18_000, level: 4, bots: [{ name: 'ff', command: 'sh ff.sh' }, { name: 'beginner' }] });
    expect(refereeOf(configWith('sprt {"kind":"elo","h0":0,"h1":5,"alpha":0.05,"beta":0.05,"every":2,"openings":"all"}'))).toBeUndefined();
  });

  it('refuse settings without the alphabeta level', () => {
    expect(() => refereeOf(configWith(SAVED.replace('"level":4,', '')))).toThrow('The alphabeta level must be a whole number, got undefined');
  });
});
