/**
 * `tabletop klondike deal`: a seeded deal written out for another solver — Solvitaire's JSON deal,
 * PySol's board text or the --deck notation (games/klondike/deal-formats.ts) — and `readDealFile`,
 * which `solve --deal FILE` and `play --deal FILE` read a deal with, in any of those formats.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { DEAL_FORMATS, readDeal, writeDeal, type DealFormat, type DealOrder } from '../../games/klondike/deal-formats.js';
import { IllegalArgumentError } from '../../games/klondike/errors.js';
import { seededDeal } from '../../games/klondike/solver/deal.js';
import { parseChoice, parseSeed, UsageError } from '../options.js';
import { parsePiles } from './rules-options.js';

/** The deal in `path` (any format; `piles` for the --deck notation); a usage error if unreadable or not a deal. */
export function readDealFile(path: string, piles: number): DealOrder {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read the deal file ${path}: ${(error as Error).message}`);
  }
  try {
    return readDeal(text, piles);
  } catch (error) {
    if (error instanceof IllegalArgumentError) throw new UsageError(`${path}: ${error.message}`);
    throw error;
  }
}

export function registerDeal(command: Command): Command {
  command
    .command('deal')
    .description("write a seeded deal out for other solvers: Solvitaire's JSON deal, PySol's board text or the --deck notation")
    .requiredOption('--seed <n>', 'deal number (the deal `klondike play --seed N` shows)', parseSeed)
    .option('--piles <n>', 'cascade piles, 1 to 9', parsePiles, 7)
    .option('--format <format>', `${DEAL_FORMATS.join(', ')} (docs/klondike.md)`, parseChoice(DEAL_FORMATS, 'The deal format'), 'solvitaire')
    .action((options: { seed: number; piles: number; format: DealFormat }) => {
      const state = seededDeal(options.seed, options.piles);
      process.stdout.write(writeDeal({ piles: options.piles, order: Array.from(state.dealOrder) }, options.format));
    });
  return command;
}
