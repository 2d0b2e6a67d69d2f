#!/usr/bin/env node
// A player over the batched line protocol (docs/player-protocol.md) for tests of game records:
// `line-player.mjs none` answers `none` to every UnoWar observation (each round conceded, no fault);
// `line-player.mjs first` answers the first legal move a Klondike observation lists.
import { createInterface } from 'node:readline';

const mode = process.argv[2];
const answer = (observation) => (mode === 'none' ? 'none' : observation.slice(observation.indexOf(' moves ') + ' moves '.length).split('|')[0]);

let owed = 0;
let answers = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (owed > 0) {
    answers.push(answer(line));
    if (--owed === 0) process.stdout.write(`${answers.join('\n')}\n`);
  } else if (line.startsWith('batch ')) {
    owed = Number(line.slice('batch '.length));
    answers = [];
  }
}
