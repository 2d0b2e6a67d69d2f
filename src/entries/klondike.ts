/** `tabletop-lab/klondike`: the assignment's classes under the assignment's names, the lab's Klondike, and the solver. */
export * from '../games/klondike/index.js';
export { compareKlondike, type PlayerAverage, type PlayerComparisonResult } from './klondike-comparison.js';
export { DEFAULT_BUDGET, solveKlondike, type SolveBudget, type SolveResult, type SolveVerdict } from '../games/klondike/solver/solver.js';
export { dealFromText, dealState, dealText, seededDeal, solveDeal, solveSeed, type DealRules } from '../games/klondike/solver/deal.js';
export { solveStandard, STANDARD_BUDGET } from '../games/klondike/solver/standard-solver.js';
export { DEAL_FORMATS, fromPysol, fromSolvitaire, readDeal, toPysol, toSolvitaire, writeDeal, type DealFormat, type DealOrder } from '../games/klondike/deal-formats.js';
export { EngineKlondike } from '../games/klondike/engine-klondike.js';
export {
  createSamplerAgent,
  createSolverAgent,
  DEFAULT_SAMPLER,
  type SamplerAgent,
  type SamplerOptions,
  type SamplerStats,
  type SolverAgentOptions,
} from '../games/klondike/solver/players.js';
export { commitmentsOf, createPlannerAgent, DEFAULT_PLANNER, type PlannerAgent, type PlannerOptions, type PlannerStats } from '../games/klondike/solver/commitment-player.js';
