#!/usr/bin/env node
// An external Connect Four bot in a few lines: it plays the leftmost column that is not full.
// Protocol (docs/connect-four-bots.md): `init red|yellow` → answer `ready`; `move` → answer a
// column 0..6; `inform <column>` → no answer. The game is over when stdin closes.
import { createInterface } from 'node:readline';

const heights = [0, 0, 0, 0, 0, 0, 0];
for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument] = line.trim().split(/\s+/);
  if (command === 'init') {
    console.log('ready');
  } else if (command === 'inform') {
    heights[Number(argument)] += 1;
  } else if (command === 'move') {
    const column = heights.findIndex((height) => height < 6);
    heights[column] += 1;
    console.log(column);
  }
}
