#!/usr/bin/env node
// An example submission in JavaScript: a program over the line protocol (docs/player-protocol.md),
// batched. It plays the highest card the pile takes, keeping its low cards for the rounds it starts.
import { createInterface } from 'node:readline';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const rank = (card) => RANKS.indexOf(card.slice(0, -1)) + 1;
const suit = (card) => card.slice(-1);

/** `hand <c1>,…,<c5> top <card> pile <n> score <mine> <theirs>` → the card to play, or none. */
function getPlay(observation) {
  const words = observation.split(' ');
  const top = words[3];
  const playable = words[1].split(',').filter((card) => suit(card) === suit(top) || rank(card) >= rank(top));
  // The first of the highest rank, as the hand orders them.
  return playable.reduce((best, card) => (best === null || rank(card) > rank(best) ? card : best), null) ?? 'none';
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
