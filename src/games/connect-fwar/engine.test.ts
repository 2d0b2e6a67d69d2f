import { describe, expect, it } from 'vitest';
import { DECK_SIZE } from '../../core/cards.js';
import type { Agent } from '../../core/game.js';
import { randomInt, rngFromSeed } from '../../core/random.js';
import { basicAgent } from './agents.js';
import { Board, boardView } from './board.js';
import { ConnectFwarState, drawIndex } from './engine.js';
import { columnFloor } from './rules.js';


describe('ConnectFwarState', () => {
  it('starts at a chance node with a full deck', () => {
    const s = new ConnectFwarState();
    expect(s.currentPlayer()).toBe(-1);
    expect(s.remaining).toBe(52);
  });
});

describe('drawIndex', () => {
  it('gives exactly randomInt’s values from the same stream (so engine games replay the assignment’s Deck)', () => {
    const a = rngFromSeed(31);
    const b = rngFromSeed(31);
    // 1,020,000 draws, one comparison: the first draw where they differ (none), with what each gave.
    let firstDifference: { draw: number; n: number; drawIndex: number; randomInt: number } | null = null;
    for (let draw = 0; draw < 20_000 * 51 && firstDifference === null; draw++) {
      const n = 2 + (draw % 51);
      const x = drawIndex(a, n);
      const y = randomInt(b, n);
      if (x !== y) firstDifference = { draw, n, drawIndex: x, randomInt: y };
    }
    expect(firstDifference).toBeNull();
  });
});

describe('floors', () => {
  it('track the column rule of rules.ts after every placement', () => {
    const state = new ConnectFwarState();
    const rng = rngFromSeed(4);
    while (!state.isTerminal()) {
      if (state.currentPlayer() === -1) {
        state.applyAction(state.sampleChance(rng));
        continue;
      }
      state.applyAction(basicAgent.act(state, rng));
      for (let col = 0; col < 4; col++) expect(state.floors[col]).toBe(columnFloor(state.heights[col]!, state.topCard(col)));
    }
  });
});

describe('playToEnd', () => {
  it('keeps deck and position consistent, also when an agent fails mid-game', () => {
    const consistent = (s: ConnectFwarState): void => {
      for (let i = 0; i < DECK_SIZE; i++) expect(s.position[s.deck[i]!]).toBe(i);
    };
    const finished = new ConnectFwarState();
    finished.playToEnd(basicAgent, rngFromSeed(8));
    consistent(finished);

    let moves = 0;
    const flaky: Agent<ConnectFwarState> = {
      name: 'flaky',
      act(state, rng) {
        if (++moves === 5) throw new Error('agent failed');
        return basicAgent.act(state, rng);
      },
    };
    const state = new ConnectFwarState();
    expect(() => {
      state.playToEnd(flaky, rngFromSeed(8));
    }).toThrow('agent failed');
    consistent(state);
    // The game goes on from where the agent failed, drawing by card id through the contract.
    const rng = rngFromSeed(9);
    while (!state.isTerminal()) state.applyAction(state.currentPlayer() === -1 ? state.sampleChance(rng) : basicAgent.act(state, rng));
    consistent(state);
  });

  it('rejects an illegal answer with a RangeError naming the agent, the card in hand unchanged', () => {
    const state = new ConnectFwarState();
    const stubborn: Agent<ConnectFwarState> = { name: 'stubborn', act: () => 0 };
    expect(() => {
      state.playToEnd(stubborn, rngFromSeed(2));
    }).toThrow(/Illegal action 0 by stubborn/);
    expect(state.currentPlayer()).toBe(0);
    expect(state.canPlay(state.drawn, 0)).toBe(false);
  });
});

describe('place and unplace (a search’s move and its undo)', () => {
  it('unplace takes back exactly what place did, at every node of whole games (where a Board shows the engine’s floors)', () => {
    const rng = rngFromSeed(12);
    for (let game = 0; game < 20; game++) {
      const state = new ConnectFwarState();
      while (!state.isTerminal()) {
        if (state.currentPlayer() === -1) {
          state.applyAction(state.sampleChance(rng));
          continue;
        }
        const before = state.serialize();
        const floors = Array.from(state.floors);
        // The assignment's Board reads the same floors, so the agents' rules play it alike.
        expect(Array.from(Board.columnFloors(boardView(state.cells, state.heights), new Uint8Array(4)))).toEqual(floors);
        for (let col = 0; col < 4; col++) {
          if (!state.canPlay(state.drawn, col)) continue;
          const cell = state.place(state.drawn, col);
          expect(state.cells[cell]).toBe(state.drawn);
          expect(state.floors[col]).toBe(columnFloor(state.heights[col]!, state.drawn));
          state.unplace(col, floors[col]!);
          expect(state.serialize()).toBe(before);
          expect(Array.from(state.floors)).toEqual(floors);
        }
        state.applyAction(basicAgent.act(state, rng));
      }
    }
  });
});
