/** The card pages' two buttons that reopen the table: the same deal again, or a new random one. */
import { newSeed } from './seed.js';

/** `Restart deal` (once a move is made) and `New deal`, named for the page's `unit` (`deal` or `game`); `open` starts the deal numbered. */
export function RestartAndNew({ unit, seed, started, open }: { unit: 'deal' | 'game'; seed: number; started: boolean; open: (seed: number) => void }) {
  return (
    <>
      <button type="button" onClick={() => open(seed)} disabled={!started}>
        {`Restart ${unit}`}
      </button>
      <button type="button" onClick={() => open(newSeed())}>
        {`New ${unit}`}
      </button>
    </>
  );
}
