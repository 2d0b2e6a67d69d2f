/**
 * Module resolution hooks of ai-module-program.ts (registered with `node:module`'s `register`): a
 * student's AI module may `import { AI } from 'tabletop-lab/uno-war'`, as the examples do, from a
 * folder of submissions where no `tabletop-lab` is installed. Such an import is resolved as it
 * would be anywhere else first (a copy the student's folder has wins); only when none is found is
 * it resolved from the running program's own package — the lab that plays it.
 */
import type { ResolveHook } from 'node:module';

/** A URL inside the running program's own package, from which `tabletop-lab` resolves to itself. */
let home: string | undefined;

export function initialize(data: { readonly home: string }): void {
  home = data.home;
}

export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  if (home === undefined || !/^tabletop-lab(?:\/|$)/.test(specifier)) return nextResolve(specifier, context);
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    return nextResolve(specifier, { ...context, parentURL: home });
  }
};
