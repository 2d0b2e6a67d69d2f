/**
 * A scratch folder of player modules for tests: written on demand, removed after the file's tests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect } from 'vitest';

export interface ModuleFolder {
  readonly dir: string;
  /** Writes `text` to `name` in the folder and returns its file URL. */
  write(name: string, text: string): URL;
}

/** A fresh folder under the system's temporary folder, removed after the calling test file. */
export function moduleFolder(prefix: string): ModuleFolder {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir,
    write(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return pathToFileURL(path);
    },
  };
}

/**
 * A player module's default export as a library user hands it over: an instance of the class (or
 * the object), named as the module, so that it plays the module form's games.
 */
export async function playerObjectOf(url: URL): Promise<object> {
  const module = (await import(url.href)) as { default: unknown; name: string };
  const exported = module.default;
  const instance = typeof exported === 'function' ? new (exported as new () => object)() : (exported as object);
  return Object.assign(Object.create(instance) as object, { name: module.name });
}

/**
 * Runs one player module three ways through `run` — as the module on 1 thread and on 2, and as the
 * object a library user would hand over (on 2 threads) — and expects the two module runs to agree
 * exactly. Returns the 1-thread and the object runs for the caller to compare as its results allow.
 */
export async function runModuleThreeWays<R>(url: URL, run: (player: URL | object, threads: number) => Promise<R>): Promise<{ one: R; object: R }> {
  const one = await run(url, 1);
  const two = await run(url, 2);
  const object = await run(await playerObjectOf(url), 2);
  expect(two).toEqual(one);
  return { one, object };
}
