// @ts-check
/**
 * The layers, lowest first: a module imports its own layer and the layers below it, never one
 * above. cli, bench and the public entry points (src/entries, src/index.ts) stand side by side at
 * the top and do not import each other; the browser app (web/src) builds on core, algorithms,
 * games and lab. `npm run lint` runs this check (`npm run depcheck`), so an import that climbs
 * fails `npm test`.
 *
 * Tests keep their folder's rule with one allowance: the games serve as fixtures, so a test of
 * core or algorithms may play a real game. Anything else a test needs from above (a book read
 * from disk, say) comes through src/test-support, which only tests may import.
 */
const LAYERS = ['core', 'algorithms', 'games', 'lab', 'arena'];
const TOP = ['cli', 'bench', 'entries'];
const TEST = '\\.test\\.tsx?$';
/** The package's own name: importing it reaches the built entry points (dist/), the top layer. */
const PACKAGE = '^tabletop-lab(/|$)';

/** A regular expression for the source folders `names` under src/. */
const under = (names) => `^src/(${names.join('|')})/`;

const ORDER = `${LAYERS.join(' → ')} → cli / web / bench`;

/** Each layer against everything above it (for its tests, the games excepted). */
const climbing = LAYERS.flatMap((layer, index) => {
  const above = [...LAYERS.slice(index + 1), ...TOP];
  const rule = (name, from, targets) => ({
    name,
    comment: `${layer} imports a layer above it (the order: ${ORDER})`,
    severity: 'error',
    from,
    to: { path: [under(targets), '^src/index\\.ts$', '^web/', ...(targets.includes('entries') ? [PACKAGE] : [])] },
  });
  return [
    rule(`${layer}-climbs`, { path: `^src/${layer}/`, pathNot: TEST }, above),
    rule(`${layer}-test-climbs`, { path: `^src/${layer}/.*${TEST}` }, above.filter((target) => target !== 'games')),
  ];
});

/** The top layers use everything below, not each other. */
const siblings = TOP.map((layer) => ({
  name: `${layer}-imports-a-sibling`,
  comment: `${layer} imports another top layer (cli, web, bench and the entries stand side by side)`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: [under(TOP.filter((other) => other !== layer)), '^web/', ...(layer === 'entries' ? [] : [PACKAGE])] },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...climbing,
    ...siblings,
    {
      name: 'web-beyond-the-lab',
      comment: 'the browser app builds on core, algorithms, games and lab; the arena, CLI and bench run in Node',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: [under(['arena', ...TOP]), '^src/index\\.ts$', PACKAGE] },
    },
    {
      name: 'io-below-the-lab',
      comment: 'core, algorithms and games read no files, start no threads or processes and parse no command lines (they run in the browser too)',
      severity: 'error',
      from: { path: under(['core', 'algorithms', 'games']), pathNot: TEST },
      to: { path: ['^(node:)?(fs|fs/promises|child_process|worker_threads|net|http|https|os|readline)$', '^piscina$', '^commander$', '^cli-progress$'] },
    },
    {
      name: 'game-imports-another-game',
      comment: 'each game is one module: what two games share belongs in core or algorithms',
      severity: 'error',
      from: { path: '^src/games/([^/]+)/' },
      to: { path: '^src/games/', pathNot: '^src/games/$1/' },
    },
    {
      name: 'test-support-outside-tests',
      comment: 'src/test-support serves the tests; shipped code does not use it',
      severity: 'error',
      from: { pathNot: [TEST, '^src/test-support/', '^web/e2e/'] },
      to: { path: '^src/test-support/' },
    },
    {
      name: 'not-resolvable',
      comment: 'an import that resolves to nothing (a typo, or a file moved without its importers)',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: PACKAGE },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^src/games/connect-four/solver/wasm/', '^dist/', '^web/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default', 'types'] },
  },
};
