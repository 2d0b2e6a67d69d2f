/**
 * ConnectFwar's observation line (docs/player-protocol.md) says exactly what `observe` shows the
 * player — the card in hand, the columns bottom to top, the dealt cards first drawn first — and
 * the bytes the lab writes are that line.
 */
import { describe, expect, it } from 'vitest';
import { cardCode } from '../../core/cards.js';
import { CHANCE, TERMINAL } from '../../core/game.js';
import { rngFromSeed } from '../../core/random.js';
import { randomAgent } from './agents.js';
import { connectFwarGame } from './definition.js';
import type { ConnectFwarState } from './engine.js';
import { connectFwarProtocol } from './protocol.js';
import { COLUMNS, ROWS } from './rules.js';

/** The line as the protocol documents it, from the player's observation. */
function documentedLine(state: ConnectFwarState): string {
  const seen = state.observe(0);
  const columns = Array.from({ length: COLUMNS }, (_, col) => {
    const cards = seen.cells.slice(col * ROWS, col * ROWS + seen.heights[col]!).map(cardCode);
    return cards.length === 0 ? '-' : cards.join(',');
  });
  return `card ${cardCode(seen.drawn)} board ${columns.join(' ')} dealt ${seen.dealt.map(cardCode).join(',')}`;
}

describe('ConnectFwar line protocol', () => {
  it('the observation line is what observe() shows, and its bytes are that line', () => {
    const bytes = connectFwarProtocol.bytes!;
    const out = new Uint8Array(bytes.maxLength + 8);
    let decisions = 0;
    for (let seed = 0; seed < 60; seed++) {
      const rng = rngFromSeed(seed);
      const agent = randomAgent;
      const state = connectFwarGame.newInitialState();
      for (let player = state.currentPlayer(); player !== TERMINAL; player = state.currentPlayer()) {
        if (player === CHANCE) {
          state.applyAction(state.sampleChance(rng));
          continue;
        }
        const line = connectFwarProtocol.observation(state);
        expect(line).toBe(documentedLine(state));
        const end = bytes.write(state, out, 3);
        expect(end - 3).toBeLessThanOrEqual(bytes.maxLength);
        expect(Buffer.from(out.subarray(3, end)).toString('latin1')).toBe(line);
        decisions++;
        state.applyAction(agent.act(state, rng));
      }
    }
    expect(decisions).toBeGreaterThan(600);
  });
});
