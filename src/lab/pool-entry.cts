/**
 * The file every lab worker thread starts from: CommonJS on purpose, so that the thread loads the
 * real worker module with `import()`.
 *
 * Why: piscina loads a worker file with `require` before trying `import()`, and Node ≥ 20.19 lets
 * `require` load an ES module synchronously. A thread terminated in the middle of such a `require`
 * aborts the whole Node 20 process (see worker-pool.ts). Requiring this file is plain CommonJS, and
 * the ES module behind it loads asynchronously, which a termination ends cleanly.
 *
 * The module to load comes in the thread's own environment (piscina's `env` option), so no worker
 * module needs to know it is started this way; it is removed before any of that module's code runs.
 */
type TaskHandler = (task: unknown) => unknown;

const target = process.env.TABLETOP_POOL_MODULE;
delete process.env.TABLETOP_POOL_MODULE;
if (target === undefined) throw new Error('pool-entry: TABLETOP_POOL_MODULE names no worker module');

// The export is the promise of the handler: piscina awaits it, so the thread reports itself ready
// only once the real module has loaded (what worker-pool.ts's close() waits for).
export = import(target).then((module: { default: TaskHandler }) => module.default);
