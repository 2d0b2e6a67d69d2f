// A worker module that takes a while to load, then records that its loading finished.
import { appendFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

const until = Date.now() + 300;
while (Date.now() < until) {
  // Busy: a module still loading, as a real one is on a loaded machine.
}
appendFileSync(workerData.marker, 'loaded\n');

export default function echo(task) {
  return task;
}
