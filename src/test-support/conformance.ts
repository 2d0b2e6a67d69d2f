/**
 * The conformance suite: every rule of the game contract as a fast-check property, run over every
 * registered game (src/lab/registry.test.ts). The rules themselves are written once, in
 * src/lab/game-conformance.ts, which `tabletop check-game` runs on users' modules; here fast-check
 * chooses each case (the seed of a random game, the nodes played before the check, the agent) and
 * shrinks a failing one to the smallest it can find. A game's own tests add what only they know
 * (an invariant at every node, what a determinisation must agree with) through the rules' hooks.
 */
import { describe, it } from 'vitest';
import fc from 'fast-check';
import type { GameDefinition, GameState } from '../core/game.js';
import { CONFORMANCE_RULES, RuleBroken, agentsChecked, checkRule, ruleApplies, type ConformanceHooks, type ConformanceRule, type RuleCase } from '../lab/game-conformance.js';

export interface ConformanceOptions<S extends GameState = GameState> extends ConformanceHooks<S> {
  /** fast-check runs of the playout property; the others run a third of it, agent rules a sixth (default 60). */
  readonly runs?: number;
  /** Agent ids the agent rules check (default: all the definition lists). */
  readonly agents?: readonly string[];
  /** Agent ids checked for honesty (default: those of `agents` not marked seesHidden). */
  readonly honestAgents?: readonly string[];
}

/** One property of the suite: its test name and the check that throws when the game breaks it. */
export interface ConformanceProperty {
  /** The rule's id, as `tabletop check-game` names it. */
  readonly rule: string;
  readonly name: string;
  readonly run: () => void;
}

/** The deepest node a mid-game check starts from: past the opening of every game, within the longest. */
const MAX_DEPTH = 300;

/** One case of `rule`, a `RuleBroken` turned into an error that says where (fast-check adds the case). */
function checkCase<S extends GameState>(definition: GameDefinition<S>, rule: ConformanceRule, where: RuleCase, hooks: ConformanceHooks<S>): void {
  try {
    checkRule(definition, rule.id, where, hooks);
  } catch (error) {
    if (!(error instanceof RuleBroken)) throw error;
    const { seed, ply, actions } = error.where;
    const where = seed === undefined ? '' : ` (seed ${String(seed)}, ply ${String(ply)}, after the actions ${actions?.join(',') ?? '?'})`;
    throw new Error(`${rule.id}: ${error.message}${where}`);
  }
}

/** Every rule of the contract that concerns `definition`, as properties over fast-check's cases. */
export function conformanceProperties<S extends GameState>(definition: GameDefinition<S>, options: ConformanceOptions<S> = {}): ConformanceProperty[] {
  const game = definition as unknown as GameDefinition<GameState>;
  const runs = options.runs ?? 60;
  const depths = fc.integer({ min: 0, max: Math.min(definition.maxGameLength, MAX_DEPTH) });
  const hooks: ConformanceHooks<S> = { invariant: options.invariant, sampleAgrees: options.sampleAgrees };
  const properties: ConformanceProperty[] = [];
  for (const rule of CONFORMANCE_RULES) {
    if (!ruleApplies(rule, game)) continue;
    const name = `${rule.id}: ${rule.description}`;
    switch (rule.per) {
      case 'once':
        properties.push({ rule: rule.id, name, run: () => checkCase(definition, rule, { seed: 0, depth: 0 }, hooks) });
        break;
      case 'game': {
        const numRuns = rule.id === 'ends' ? runs : Math.max(10, runs / 3);
        const run = (): void => fc.assert(fc.property(fc.nat(), depths, (seed, depth) => checkCase(definition, rule, { seed, depth }, hooks)), { numRuns });
        properties.push({ rule: rule.id, name, run });
        break;
      }
      case 'agent': {
        const everyAgent = options.agents ?? agentsChecked(game, rule);
        const ids = rule.exceptSeesHidden === true ? (options.honestAgents ?? everyAgent.filter((id) => definition.agents[id]?.seesHidden !== true)) : everyAgent;
        for (const agent of ids) {
          const run = (): void => fc.assert(fc.property(fc.nat(), depths, (seed, depth) => checkCase(definition, rule, { seed, depth, agent }, hooks)), { numRuns: Math.max(5, runs / 6) });
          properties.push({ rule: rule.id, name: `agent '${agent}' — ${name}`, run });
        }
        break;
      }
    }
  }
  return properties;
}

/** The suite as vitest tests, one per property. */
export function describeConformance<S extends GameState>(definition: GameDefinition<S>, options: ConformanceOptions<S> = {}): void {
  describe(`${definition.title} conforms to the game contract`, () => {
    for (const property of conformanceProperties(definition, options)) it(property.name, property.run);
  });
}
