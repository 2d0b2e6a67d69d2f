/**
 * `tabletop merge a.jsonl b.jsonl …`: adds up the batch records of shards (or of any runs of one
 * experiment) into the report one big run would have printed — exactly, since the records hold
 * integer sums. Refuses files of different experiments and games counted twice.
 */
import type { Command } from 'commander';
import { plural } from '../../core/format.js';
import { combineResults, RecordsError } from '../../lab/records.js';
import { missingRanges } from '../../lab/game-ranges.js';
import { renderReport } from '../../lab/report.js';
import { GameModuleError, loadGamesOfResults } from '../../lab/game-modules.js';
import { readRecords } from '../../lab/results-file.js';
import { stopRuleFor } from '../../lab/session.js';
import { UsageError } from '../options.js';
import { checkReportFiles, writeReportFiles } from './report-files.js';

export function registerMerge(program: Command): Command {
  program
    .command('merge')
    .description('combine the --out files of shards or resumed runs into one report (same result as one big run)')
    .argument('<files...>', 'JSONL results files written with --out')
    .option('--json', 'print one JSON object instead of tables')
    .option('--html <file>', 'also write the results as one self-contained HTML report with charts (opens offline)')
    .option('--csv <file>', 'also write the results as CSV, one row per figure')
    .action(async (files: string[], options: { json?: boolean; html?: string; csv?: string }) => {
      checkReportFiles(options, files.map((file) => ({ option: 'the merged file', path: file })));
      let combined;
      try {
        // A game module the records name is probed first (its records are read by its facts).
        await loadGamesOfResults(files);
        combined = combineResults(files.map((path) => ({ path, records: readRecords(path) })));
      } catch (error) {
        if (error instanceof RecordsError || error instanceof GameModuleError) throw new UsageError(error.message);
        throw error;
      }
      process.stdout.write(`${renderReport(combined.config, combined.tally, options.json === true)}\n`);
      writeReportFiles(options, combined.config, combined.tally, combined.batches);
      if (combined.duplicates > 0) {
        process.stderr.write(`Note: ${String(combined.duplicates)} batch record${combined.duplicates === 1 ? '' : 's'} appeared twice, identical, and ${combined.duplicates === 1 ? 'was' : 'were'} counted once.\n`);
      }
      const missing = missingRanges([[0, combined.total]], combined.covered);
      if (missing.length > 0 && combined.untilCi !== undefined) {
        const played = combined.covered.reduce((n, [s, e]) => n + e - s, 0);
        process.stderr.write(`Note: the run was set to stop once the 95% CI half-width of ${stopRuleFor(combined.config).covers} is below ${String(combined.untilCi)}; these files hold ${played.toLocaleString('en-US')} of at most ${plural(combined.total, 'game')}.\n`);
      } else if (missing.length > 0) {
        const count = missing.reduce((n, [s, e]) => n + e - s, 0);
        const list = missing.slice(0, 5).map(([s, e]) => `${String(s)}..${String(e - 1)}`).join(', ');
        process.stderr.write(`Note: ${plural(count, 'planned game')} ${count === 1 ? 'is' : 'are'} not in these files (games ${list}${missing.length > 5 ? ', …' : ''}): a shard is missing or was interrupted.\n`);
      }
    });
  return program;
}
