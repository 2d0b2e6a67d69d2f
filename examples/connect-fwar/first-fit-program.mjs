#!/usr/bin/env node
// A ConnectFwar player over the line protocol (docs/player-protocol.md) in JavaScript, as a program
// of its own: the assignment's BasicPlayer (the first column the drawn card may go on, else a
// discard). Run it in the lab as `exec:node examples/connect-fwar/first-fit-program.mjs`.
import { createInterface } from 'node:readline';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const rank = (code) => RANKS.indexOf(code.slice(0, -1)) + 1;

/** The column for `card <c> board <col0> <col1> <col2> <col3> dealt <cards>`: a column with room whose top card does not outrank it. */
function nextMove(observation) {
  const words = observation.split(' ');
  const card = rank(words[1]);
  for (let column = 0; column < 4; column++) {
    const cards = words[3 + column];
    if (cards === '-') return column;
    const stack = cards.split(',');
    if (stack.length < 4 && card >= rank(stack[stack.length - 1])) return column;
  }
  return -1;
}

let owed = 0;
let answers = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (owed > 0) {
    answers.push(nextMove(line));
    if (--owed === 0) process.stdout.write(`${answers.join('\n')}\n`);
  } else if (line.startsWith('batch ')) {
    owed = Number(line.slice('batch '.length));
    answers = [];
  }
}
