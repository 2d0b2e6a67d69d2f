#!/usr/bin/env node
/**
 * `npm run docs:check [-- --update] [-- FILE…]`: runs the command examples of README.md and
 * docs/*.md against the built CLI and prints a diff for each one whose output has changed.
 * `--update` (for maintainers, after checking the diffs are intended) writes the printed outputs
 * back into the documents; the test in `npm test` never does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeWholeFile } from '../lab/files.js';
import { updatedOutput } from './examples.js';
import { checkProducer, collectBlocks, documentFiles, exampleLocation, runBlocks, type ExampleResult } from './run.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function usage(message: string): never {
  process.stderr.write(`${message}\nUsage: docs-check [--update] [--jobs N] [FILE.md …]\n`);
  process.exit(2);
}

function parseArgs(argv: readonly string[]): { update: boolean; jobs?: number; files: string[] } {
  let update = false;
  let jobs: number | undefined;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--update') update = true;
    else if (arg === '--jobs') {
      jobs = Number(argv[i + 1]);
      i += 1;
      if (!Number.isInteger(jobs) || jobs < 1) usage(`--jobs needs a whole number of at least 1`);
    } else if (arg.startsWith('-')) usage(`unknown option '${arg}'`);
    else files.push(arg);
  }
  return { update, ...(jobs === undefined ? {} : { jobs }), files };
}

/** Writes the printed outputs of failed examples back; returns the examples left for a person to edit. */
function writeUpdates(failed: readonly ExampleResult[]): ExampleResult[] {
  const byFile = new Map<string, ExampleResult[]>();
  for (const result of failed) byFile.set(result.example.file, [...(byFile.get(result.example.file) ?? []), result]);
  const byHand: ExampleResult[] = [];
  for (const [file, results] of byFile) {
    const path = join(ROOT, file);
    const lines = readFileSync(path, 'utf8').split('\n');
    const bottomUp = [...results].sort((a, b) => b.example.outputStart - a.example.outputStart);
    for (const result of bottomUp) {
      const { example, actual, status } = result;
      const replacement = updatedOutput(example.expected, actual, status ?? 1);
      if (replacement === null) {
        byHand.push(result);
        continue;
      }
      const old = lines.slice(example.outputStart, example.outputEnd);
      let blankAfter = 0;
      while (blankAfter < old.length && old[old.length - 1 - blankAfter]!.trim() === '') blankAfter += 1;
      lines.splice(example.outputStart, old.length, ...replacement, ...new Array<string>(blankAfter).fill(''));
    }
    writeWholeFile(path, lines.join('\n'), 'the document');
  }
  return byHand;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const files = args.files.length > 0 ? args.files : documentFiles(ROOT);
  const { blocks, problems } = collectBlocks(ROOT, files);
  const producerProblems = blocks.filter((block) => block.mode === 'script').map((block) => checkProducer(ROOT, block));
  const allProblems = [...problems, ...producerProblems.filter((p): p is string => p !== null)];
  const results = await runBlocks(ROOT, blocks, args.jobs === undefined ? {} : { jobs: args.jobs });
  const failed = results.filter((result) => !result.ok);
  for (const result of failed) {
    process.stdout.write(`\n✗ ${exampleLocation(result.example)}  $ ${result.example.command}\n${result.difference}\n`);
  }
  for (const problem of allProblems) process.stdout.write(`\n✗ ${problem}\n`);
  const scriptExamples = blocks.filter((block) => block.mode === 'script').reduce((n, block) => n + block.examples.length, 0);
  process.stdout.write(
    `\n${results.length} examples run from ${files.length} documents: ${results.length - failed.length} as documented, ` +
      `${failed.length} changed; ${scriptExamples} produced by named scripts (not run); ${allProblems.length} markup problems\n`,
  );
  if (args.update && failed.length > 0) {
    const byHand = writeUpdates(failed);
    process.stdout.write(`Updated ${failed.length - byHand.length} examples.\n`);
    for (const result of byHand) {
      process.stdout.write(`Edit by hand (its … wildcards leave no safe rewrite): ${exampleLocation(result.example)}\n`);
    }
    process.exitCode = byHand.length > 0 || allProblems.length > 0 ? 1 : 0;
    return;
  }
  process.exitCode = failed.length > 0 || allProblems.length > 0 ? 1 : 0;
}

try {
  await main();
} catch (error) {
  process.stderr.write(`docs-check: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
