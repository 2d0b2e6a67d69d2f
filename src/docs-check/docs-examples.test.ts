/**
 * Every command example of README.md and docs/*.md prints what the document shows (see
 * src/docs-check/examples.ts for the markup). Runs the built CLI: `npm test` builds first.
 * After an intended change of output: `npm run docs:check` shows the diffs, `-- --update` writes them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkProducer, collectBlocks, documentFiles, exampleLocation, runBlocks, type ExampleResult } from './run.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { blocks, problems } = collectBlocks(ROOT, documentFiles(ROOT));
const runnable = blocks.filter((block) => block.mode !== 'script').flatMap((block) => block.examples);

describe('the documents’ command examples', () => {
  let results = new Map<string, ExampleResult>();

  beforeAll(async () => {
    const all = await runBlocks(ROOT, blocks);
    results = new Map(all.map((result) => [exampleLocation(result.example), result]));
  }, 300_000);

  it('are marked up so the check finds them all', () => {
    expect(problems).toEqual([]);
    expect(runnable.length).toBeGreaterThan(20);
  });

  it('name scripts that exist for the figures too slow to run here', () => {
    const missing = blocks.filter((block) => block.mode === 'script').map((block) => checkProducer(ROOT, block));
    expect(missing.filter((problem) => problem !== null)).toEqual([]);
  });

  // The check maps `npx tabletop` to the built CLI; this is the real thing, as a user runs it in the checkout.
  it('`npx tabletop` in the checkout runs its own CLI (nothing downloaded)', () => {
    const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    expect(execFileSync('npx', ['--no-install', 'tabletop', '--version'], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe(version);
  });

  it.each(runnable.map((example) => [exampleLocation(example), example.command] as const))('%s $ %s', (location) => {
    const result = results.get(location);
    expect(result, 'the example ran').toBeDefined();
    expect(result!.ok, `${location} printed something else (- documented, + printed):\n${result!.difference}`).toBe(true);
  });
});
