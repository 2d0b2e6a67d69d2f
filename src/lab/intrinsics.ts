/**
 * Locks JavaScript's built-in objects in a thread before player modules are loaded there, so a
 * module cannot change what the engine's code does: `Uint8Array.prototype.fill = …`, `Math.floor =
 * …` or `globalThis.Math = …` fail (a TypeError in a module's strict code: its import, or its move,
 * is then an error of that module). Without it, a module patching a builtin would change every
 * game its thread plays, pairings it is not in among them.
 *
 * Every existing property of these objects (and of their prototypes, but for the few that code
 * assigns on its own objects: `constructor`, `toString`, …) is made read-only and unconfigurable;
 * new properties may still be added (a helper a module hangs on `Array.prototype`
 * changes no code that does not know it). Error classes and `Function.prototype` are left as they
 * are: their properties are commonly assigned on instances (`this.name = 'MyError'`), which a
 * read-only prototype property would forbid.
 */
const LOCKED_GLOBALS = [
  'Object',
  'Array',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'BigInt',
  'Math',
  'JSON',
  'Reflect',
  'Atomics',
  'Promise',
  'Date',
  'RegExp',
] as const;

/**
 * Prototype properties that code commonly assigns on its own objects (`Sub.prototype.constructor =
 * Sub`, `point.toString = …`): JavaScript refuses such an assignment when the prototype's property
 * is read-only, so these stay writable. No game's result goes through them.
 */
const ASSIGNED_ON_INSTANCES = new Set<PropertyKey>(['constructor', 'toString', 'toLocaleString', 'valueOf']);

/** Makes every own property of `target` read-only and unconfigurable (on a prototype, all but ASSIGNED_ON_INSTANCES). */
function lockProperties(target: object, prototype = false): void {
  for (const key of Reflect.ownKeys(target)) {
    if (prototype && ASSIGNED_ON_INSTANCES.has(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    if (!descriptor.configurable && (descriptor.get !== undefined || descriptor.set !== undefined || descriptor.writable !== true)) continue;
    Object.defineProperty(target, key, 'value' in descriptor ? { writable: false, configurable: false } : { configurable: false });
  }
}

/** Locks the builtins (see the module's comment). Idempotent. */
export function lockIntrinsics(): void {
  const global = globalThis as unknown as Record<string, object>;
  // %TypedArray%: where every typed array's methods (fill, set, subarray, …) live.
  const typedArray = Object.getPrototypeOf(Uint8Array) as { prototype: object };
  for (const target of [typedArray, ...LOCKED_GLOBALS.map((name) => global[name]!)]) {
    lockProperties(target);
    const prototype = (target as { prototype?: unknown }).prototype;
    if (typeof prototype === 'object' && prototype !== null) lockProperties(prototype, true);
  }
  // The global names themselves, so `globalThis.Math = …` cannot swap one out.
  for (const name of LOCKED_GLOBALS) Object.defineProperty(globalThis, name, { writable: false, configurable: false });
}
