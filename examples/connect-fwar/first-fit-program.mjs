#!/usr/bin/env node
// A ConnectFwar player over the line protocol (docs/player-protocol.md) in JavaScript, as a program
// of its own: the assignment's BasicPlayer (the first column the drawn card may go on, else a
// discard). Run it in the lab as `exec:node examples/connect-fwar/first-fit-program.mjs`.

const RANKS = { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 11, Q: 12, K: 13 };
const rank = (code) => RANKS[code.slice(0, -1)];

/** The column for `card <c> board <col0> <col1> <col2> <col3> dealt <cards>`: a column with room whose top card does not outrank it. */
function nextMove(observation) {
  // The first seven words: this player has no use for the dealt cards.
  const words = observation.split(' ', 7);
  const card = rank(words[1]);
  for (let column = 0; column < 4; column++) {
    const cards = words[3 + column];
    if (cards === '-') return column;
    const stack = cards.split(',');
    if (stack.length < 4 && card >= rank(stack[stack.length - 1])) return column;
  }
  return -1;
}

// The lab sends `batch K` and K observations, and reads K answers. Reading stdin in chunks and
// splitting them here costs less than readline's event per line, and the K answers go in one
// write: at hundreds of thousands of decisions a second, that is most of the program's time.
let partial = '';
let owed = 0;
let answers = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (partial + chunk).split('\n');
  partial = lines.pop();
  for (const line of lines) {
    if (owed > 0) {
      answers += `${nextMove(line)}\n`;
      if (--owed === 0) {
        process.stdout.write(answers);
        answers = '';
      }
    } else if (line.startsWith('batch ')) owed = Number(line.slice('batch '.length));
    // `game connect-fwar`, first, needs no answer.
  }
});
