import { describe, expect, it } from 'vitest';
import { KlondikeConfig } from './engine.js';
import { klondikeRuleSet, passesInJson, passesWords } from './index.js';

describe('klondikeRuleSet', () => {
  it("makes every choice left out: the assignment's rules, unlimited passes, standard scoring", () => {
    expect(klondikeRuleSet({ draw: 1 })).toEqual({ rules: 'assignment', draw: 1, passes: Infinity, scoring: 'standard' });
    expect(klondikeRuleSet({ rules: 'standard', draw: 3 })).toEqual({ rules: 'standard', draw: 3, passes: Infinity, scoring: 'standard' });
  });

  it('reads unlimited passes as null (journals), left out or Infinity alike, and keeps a limit and the scoring as given', () => {
    for (const passes of [null, undefined, Infinity]) expect(klondikeRuleSet({ rules: 'standard', draw: 1, passes }).passes).toBe(Infinity);
    expect(klondikeRuleSet({ rules: 'standard', draw: 1, passes: 3, scoring: 'vegas' })).toEqual({ rules: 'standard', draw: 1, passes: 3, scoring: 'vegas' });
  });

  it("is the rule set the engine's config holds, and one the engine refuses stays refused", () => {
    const config = new KlondikeConfig(klondikeRuleSet({ rules: 'standard', draw: 1, passes: 3, scoring: 'vegas' }));
    expect([config.rules, config.draw, config.passes, config.scoring]).toEqual(['standard', 1, 3, 'vegas']);
    const assignment = new KlondikeConfig({ draw: 2 });
    expect(klondikeRuleSet({ draw: 2 })).toEqual({ rules: assignment.rules, draw: assignment.draw, passes: assignment.passes, scoring: assignment.scoring });
    expect(() => new KlondikeConfig(klondikeRuleSet({ draw: 3, passes: 1 }))).toThrow(RangeError);
  });

  it('writes unlimited passes as null in JSON and back, and names the passes in words', () => {
    expect([Infinity, 1, 3].map(passesInJson)).toEqual([null, 1, 3]);
    expect([Infinity, 1, 3].map((passes) => klondikeRuleSet({ rules: 'standard', draw: 3, passes: passesInJson(passes) }).passes)).toEqual([Infinity, 1, 3]);
    expect([Infinity, 1, 3].map(passesWords)).toEqual(['unlimited passes', '1 pass', '3 passes']);
  });
});
