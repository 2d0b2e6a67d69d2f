// A Connect Four bot (line protocol) that plays the leftmost free column after one misdeed, chosen
// by its first argument; the sandbox tests run it. The second argument parametrises the misdeed.
//   setsid <mark>     leaves `setsid sleep <mark>` running, outside its process group, and plays on
//   network <port>    connects to 127.0.0.1:<port> at init; refused, it says so on stderr and exits 3
//   write <path>      writes <path> at init; refused, it says so on stderr and exits 3
//   memory            allocates 64 MiB blocks, touched, until one is refused; says so on stderr and exits 3
//   cpu               spins on its first move
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';

const [mode, argument] = process.argv.slice(2);
const heights = [0, 0, 0, 0, 0, 0, 0];
const refused = (what, error) => {
  process.stderr.write(`${what} refused: ${error.message}\n`);
  process.exit(3);
};

async function misbehave() {
  if (mode === 'setsid') spawn('setsid', ['sleep', argument], { stdio: 'ignore', detached: true }).unref();
  if (mode === 'network') {
    await new Promise((resolve) => {
      const socket = connect(Number(argument), '127.0.0.1', () => {
        socket.end();
        resolve();
      });
      socket.on('error', (error) => refused('connect', error));
    });
  }
  if (mode === 'write') {
    try {
      writeFileSync(argument, 'escaped\n');
    } catch (error) {
      refused('write', error);
    }
  }
  if (mode === 'memory') {
    const kept = [];
    try {
      for (;;) kept.push(Buffer.alloc(64 * 1024 * 1024, 1));
    } catch (error) {
      process.stderr.write(`memory refused after ${String(kept.length * 64)} MiB: ${error.message}\n`);
      process.exit(3);
    }
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const [command, column] = line.trim().split(' ');
  if (command === 'init') {
    await misbehave();
    process.stdout.write('ready\n');
  } else if (command === 'inform') {
    heights[Number(column)] += 1;
  } else if (command === 'move') {
    if (mode === 'cpu') for (;;);
    const free = heights.findIndex((height) => height < 6);
    heights[free] += 1;
    process.stdout.write(`${free}\n`);
  }
}
