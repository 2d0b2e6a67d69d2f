/**
 * "Open a deal": a deal pasted as Solvitaire's JSON or PySol's board text, read by the game's own
 * parser (`readDeal`, as `tabletop klondike play --deal FILE` reads a file). A paste that is not a
 * deal is named in a message and kept in the box, so nothing is lost; the game on the table goes on.
 */
import { useState } from 'preact/hooks';
import { readDeal, type DealOrder } from '../../../src/games/klondike/deal-formats.js';
import { IllegalArgumentError } from '../../../src/games/klondike/errors.js';

export function PasteDeal({ onOpen }: { readonly onOpen: (deal: DealOrder) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  return (
    <form
      class="k-paste"
      aria-label="Open a deal"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') {
          setProblem('Paste a deal first: Solvitaire\'s JSON ({"tableau piles": …, "stock": …}) or PySol\'s board text (Talon: …).');
          return;
        }
        try {
          const deal = readDeal(text);
          setProblem('');
          onOpen(deal);
        } catch (error) {
          if (!(error instanceof IllegalArgumentError || error instanceof RangeError)) throw error;
          setProblem(`This is not a deal the page can open: ${error.message}`);
        }
      }}
    >
      <h2>Open a deal</h2>
      <div class="field">
        <label for="k-paste">Deal text (Solvitaire's JSON or PySol's board)</label>
        <textarea id="k-paste" rows={6} spellcheck={false} value={text} aria-describedby="k-paste-problem" onInput={(event) => setText(event.currentTarget.value)} />
      </div>
      <p id="k-paste-problem" class="k-paste-problem" role="alert">
        {problem}
      </p>
      <div class="buttons">
        <button type="submit">Play this deal</button>
      </div>
    </form>
  );
}
