/**
 * Locks JavaScript's built-in objects in a thread before player modules are loaded there, so a
 * module cannot change what the engine's code does: `Uint8Array.prototype.fill = …`, `Math.floor =
 * …` or `globalThis.Math = …` fail (a TypeError in a module's strict code: its import, or its move,
 * is then an error of that module). Without it, a module patching a builtin would change every
 * game its thread plays, pairings it is not in among them.
 *
 * What is locked, and how, is chosen by what it costs the games (measured on the lab's module
 * rows of `npm run bench`): the global names and the builtins' own functions (`Math.floor`,
 * `Object.keys`, `Array.from`, …) are frozen, which V8 keeps fast; the typed arrays' methods
 * (`fill`, `set`, `subarray`, … on %TypedArray%.prototype, what the engines' states are made of)
 * are made read-only one by one. Freezing a prototype made the engines several times slower, and
 * read-only properties on every prototype cost about a tenth, so the methods of `Array.prototype`,
 * `Map.prototype` and the other prototypes stay patchable.
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
 * Properties that code commonly assigns on its own objects (`Sub.prototype.constructor = Sub`):
 * JavaScript refuses such an assignment when the prototype's property is read-only, so they stay
 * writable. No game's result goes through them.
 */
const ASSIGNED_ON_INSTANCES = new Set<PropertyKey>(['constructor', 'toString', 'toLocaleString', 'valueOf']);

/** Makes every own property of `prototype` but ASSIGNED_ON_INSTANCES read-only and unconfigurable. */
function lockPrototype(prototype: object): void {
  for (const key of Reflect.ownKeys(prototype)) {
    if (ASSIGNED_ON_INSTANCES.has(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, key)!;
    if (!descriptor.configurable && (descriptor.get !== undefined || descriptor.set !== undefined || descriptor.writable !== true)) continue;
    Object.defineProperty(prototype, key, 'value' in descriptor ? { writable: false, configurable: false } : { configurable: false });
  }
}

/** Locks the builtins (see the module's comment). Idempotent. */
export function lockIntrinsics(): void {
  const global = globalThis as unknown as Record<string, object>;
  for (const name of LOCKED_GLOBALS) Object.freeze(global[name]);
  // %TypedArray%: where every typed array's methods (fill, set, subarray, …) live.
  const typedArray = Object.getPrototypeOf(Uint8Array) as { prototype: object };
  Object.freeze(typedArray);
  lockPrototype(typedArray.prototype);
  // The global names themselves, so `globalThis.Math = …` cannot swap one out.
  for (const name of LOCKED_GLOBALS) Object.defineProperty(globalThis, name, { writable: false, configurable: false });
}
