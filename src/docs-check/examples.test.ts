import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeDifference, outputMatches, parseDocument, shapeOf, updatedOutput } from './examples.js';
import { checkProducer, runBlocks } from './run.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FENCE = '```';

describe('parseDocument', () => {
  it('reads commands, their outputs and exit statuses from console blocks', () => {
    const doc = [
      'Text',
      `${FENCE}console`,
      '$ npx tabletop a \\',
      '  --b',
      'one',
      'two  ',
      '',
      '$ tabletop c',
      'oops',
      '[exit status 2]',
      FENCE,
    ].join('\n');
    const { blocks, problems } = parseDocument('x.md', doc);
    expect(problems).toEqual([]);
    expect(blocks).toHaveLength(1);
    const [first, second] = blocks[0]!.examples;
    expect(first).toMatchObject({ line: 3, command: 'npx tabletop a   --b', expected: ['one', 'two'], expectedStatus: 0 });
    expect(second).toMatchObject({ line: 8, command: 'tabletop c', expected: ['oops'], expectedStatus: 2 });
    expect(blocks[0]!.mode).toBe('exact');
  });

  it('takes the mode from a marker before the fence', () => {
    const doc = ['<!-- docs-check: shape -->', '', `${FENCE}console`, '$ a', FENCE, '<!-- docs-check: produced by npm run bench -->', `${FENCE}console`, '$ b', FENCE].join('\n');
    const { blocks } = parseDocument('x.md', doc);
    expect(blocks.map((b) => [b.mode, b.producedBy])).toEqual([
      ['shape', undefined],
      ['script', 'npm run bench'],
    ]);
  });

  it('reports a command the check would miss and an unknown marker', () => {
    const doc = [`${FENCE}text`, '$ tabletop x', FENCE, '<!-- docs-check: loose -->', `${FENCE}console`, '$ y', FENCE].join('\n');
    const { problems } = parseDocument('x.md', doc);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/x\.md:1: a '\$ ' command in a ```text block/);
    expect(problems[1]).toMatch(/unknown docs-check marker 'loose'/);
  });
});

describe('outputMatches', () => {
  it('compares exactly by default', () => {
    expect(outputMatches(['a', 'b'], ['a', 'b'], 'exact')).toBe(true);
    expect(outputMatches(['a', 'b'], ['a', 'c'], 'exact')).toBe(false);
    expect(outputMatches(['a'], ['a', 'b'], 'exact')).toBe(false);
  });

  it('lets a … line stand for any lines and … in a line for any text', () => {
    expect(outputMatches(['…', 'end'], ['x', 'y', 'end'], 'exact')).toBe(true);
    expect(outputMatches(['…', 'end'], ['end'], 'exact')).toBe(true);
    expect(outputMatches(['start', '…'], ['start', 'more'], 'exact')).toBe(true);
    expect(outputMatches(['took … s'], ['took 3.2 s'], 'exact')).toBe(true);
    expect(outputMatches(['took … s'], ['took 3.2 ms'], 'exact')).toBe(false);
    expect(outputMatches(['…', 'end'], ['x', 'end', 'y'], 'exact')).toBe(false);
  });

  it('by shape, lets every number match every number and spacing vary', () => {
    expect(shapeOf('basic  1,000  29.7  [+1.5, -2e-3]')).toBe('basic # # [#, #]');
    expect(outputMatches(['rate 1,234 games/s  (3.4 s)'], ['rate 987 games/s (12.0 s)'], 'shape')).toBe(true);
    expect(outputMatches(['rate 1,234 games/s'], ['rate 987 moves/s'], 'shape')).toBe(false);
  });
});

describe('describeDifference', () => {
  it('marks documented lines with - and printed ones with +', () => {
    expect(describeDifference(['a', 'b', 'c'], ['a', 'x', 'c'], 'exact')).toBe('  a\n- b\n+ x\n  c');
  });
});

describe('updatedOutput', () => {
  it('replaces an output without wildcards and records a failing status', () => {
    expect(updatedOutput(['old'], ['new', 'lines'], 0)).toEqual(['new', 'lines']);
    expect(updatedOutput(['old'], ['bad'], 2)).toEqual(['bad', '[exit status 2]']);
  });

  it('keeps a leading or trailing … and as many lines as it showed', () => {
    expect(updatedOutput(['…', 'x', 'y'], ['1', '2', '3', '4'], 0)).toEqual(['…', '3', '4']);
    expect(updatedOutput(['x', '…'], ['1', '2', '3'], 0)).toEqual(['1', '…']);
  });

  it('leaves outputs with other wildcards to a person', () => {
    expect(updatedOutput(['a', '…', 'b'], ['1'], 0)).toBeNull();
    expect(updatedOutput(['took … s'], ['1'], 0)).toBeNull();
  });
});

describe('runBlocks', () => {
  it('fails a stale example of the built CLI and passes the true one', async () => {
    const doc = [
      `${FENCE}console`,
      '$ echo 4455 | npx tabletop connect-four solve',
      '4455 17',
      '$ echo 4455 | tabletop connect-four solve',
      '4455 18',
      '$ npx tabletop connect-four solve --no-such-option',
      '…',
      '[exit status 2]',
      FENCE,
    ].join('\n');
    const { blocks } = parseDocument('stale.md', doc);
    const results = await runBlocks(ROOT, blocks);
    expect(results.map((r) => r.ok)).toEqual([false, true, true]);
    expect(results[0]!.difference).toBe('- 4455 17\n+ 4455 18');
  });
});

describe('checkProducer', () => {
  const block = (producer: string) =>
    parseDocument('x.md', [`<!-- docs-check: produced by ${producer} -->`, `${FENCE}console`, '$ slow', FENCE].join('\n')).blocks[0]!;

  it('accepts an npm script of package.json or a file of the repository', () => {
    expect(checkProducer(ROOT, block('npm run bench:klondike'))).toBeNull();
    expect(checkProducer(ROOT, block('node scripts/build-solver-wasm.mjs'))).toBeNull();
  });

  it('names a script or file that does not exist', () => {
    expect(checkProducer(ROOT, block('npm run no-such-script'))).toMatch(/package.json has no script 'no-such-script'/);
    expect(checkProducer(ROOT, block('node scripts/no-such-file.mjs'))).toMatch(/scripts\/no-such-file.mjs does not exist/);
    expect(checkProducer(ROOT, block('a long night'))).toMatch(/names no script/);
  });
});
