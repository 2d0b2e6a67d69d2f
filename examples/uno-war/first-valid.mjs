#!/usr/bin/env node
// An UnoWar player over the line protocol (docs/player-protocol.md): the assignment's AI, which
// plays the first card of its hand that may go on the pile (or none, losing the round). Any
// language does the same; run it in the lab as `exec:node examples/uno-war/first-valid.mjs`.
import { createInterface } from 'node:readline';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const rank = (code) => RANKS.indexOf(code.slice(0, -1)) + 1;
const suit = (code) => code.slice(-1);
/** UnoWar's rule: the same suit as the top card, or a rank at least as high. */
const canPlayOn = (top, card) => suit(card) === suit(top) || rank(card) >= rank(top);

/** The answer to one observation: `hand <c1>,…,<c5> top <card> pile <n> score <mine> <theirs>`. */
function getPlay(observation) {
  const words = observation.split(' ');
  const hand = words[1].split(',');
  const top = words[3];
  return hand.find((card) => canPlayOn(top, card)) ?? 'none';
}

let owed = 0;
let answers = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (owed > 0) {
    answers.push(getPlay(line));
    if (--owed === 0) process.stdout.write(`${answers.join('\n')}\n`);
  } else if (line.startsWith('batch ')) {
    owed = Number(line.slice('batch '.length));
    answers = [];
  }
}
