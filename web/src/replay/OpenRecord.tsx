/**
 * "Open a game record": a line of a records file (`--records FILE`), pasted or loaded from a file,
 * opened as a replay in this game's page. A record that cannot be replayed is named here, and the
 * page stays as it was.
 */
import { useState } from 'preact/hooks';
import type { GameDefinition, GameState } from '../../../src/core/game.js';
import type { ReplayGameId } from './model.js';

/**
 * `definition`: the game's engine, to check the whole record before opening it (the replay page
 * has it); without it (a game page) the line is checked as a record of this game, and the replay
 * page checks its moves.
 */
export function OpenRecord({ game, definition, open = false }: { readonly game: ReplayGameId; readonly definition?: GameDefinition<GameState>; readonly open?: boolean }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const openText = async (line: string, source: string): Promise<void> => {
    try {
      // Loaded when a record is opened, not with the page: reading records takes every game's rules
      // (the lab's registry), which a game page does not otherwise need.
      const { recordFromText, recordOfGame, replayAddress } = await import('./model.js');
      const record = definition === undefined ? recordOfGame(game, line, source) : recordFromText(definition, line, source).record;
      location.assign(replayAddress(`/${game}`, record, 0));
    } catch (error) {
      setProblem(`This game record cannot be replayed: ${error instanceof Error ? error.message : String(error)}.`);
    }
  };
  return (
    <details class="open-record" open={open}>
      <summary>Open a game record</summary>
      <p class="hint">
        Paste one line of a records file (<code>--records FILE</code> of <code>sprt</code>, <code>compare</code> or <code>tournament</code>), or load the file (its first game opens).
      </p>
      <label class="field">
        <span>Game record (one JSON line)</span>
        <textarea rows={3} value={text} aria-label="Game record" onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} />
      </label>
      <div class="buttons">
        <button type="button" onClick={() => void openText(text, 'the pasted record')}>
          Open the record
        </button>
        <label class="file-button">
          <span>Load a records file</span>
          <input
            type="file"
            accept=".jsonl,.json,.txt,application/json"
            aria-label="Load a records file"
            onChange={(e) => {
              const file = (e.target as HTMLInputElement).files?.[0];
              if (file !== undefined) void file.text().then((content) => openText(content, file.name));
            }}
          />
        </label>
      </div>
      {problem === '' ? null : (
        <p class="problems" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}
