// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  // The solver's search is AssemblyScript (its decorators and types are not TypeScript's): its compiler checks it.
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'web/dist/', 'src/games/connect-four/solver/wasm/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Hot paths use classic indexed loops over typed arrays; that is deliberate.
      '@typescript-eslint/prefer-for-of': 'off',
      // With noUncheckedIndexedAccess, `a[i]!` is how an index that an invariant keeps in range is
      // written; banning it would push code towards needless runtime checks on hot paths.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  // The browser app (its engine worker included) runs in the browser, not in Node.
  { files: ['web/src/**'], languageOptions: { globals: { ...globals.browser } } },
);
