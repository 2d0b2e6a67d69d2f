// Tiny deterministic players for the referee's tests, in plain JavaScript so a worker thread can load
// them straight from the sources. Each keeps only the column heights it needs.

const WIDTH = 7;
const HEIGHT = 6;

class Heights {
  heights = new Array(WIDTH).fill(0);
  init() {
    this.heights.fill(0);
  }
  inform(column) {
    this.heights[column]++;
  }
  firstFree() {
    return this.heights.findIndex((h) => h < HEIGHT);
  }
}

/** Plays the leftmost column that is not full. */
export class FirstFreeColumn extends Heights {
  constructor(label = 'first-free') {
    super();
    this.label = label;
  }
  name() {
    return this.label;
  }
  move() {
    const column = this.firstFree();
    this.heights[column]++;
    return column;
  }
}

/** Plays legally for `legalMoves` moves, then answers `answer` (any value: 9, 2.5, "3"). */
export class FixedAnswer extends FirstFreeColumn {
  constructor(answer, legalMoves = 0) {
    super('fixed-answer');
    this.answer = answer;
    this.left = legalMoves;
  }
  move() {
    return this.left-- > 0 ? super.move() : this.answer;
  }
}

/** Always plays the same column, until it is full and beyond. */
export class SameColumn extends FirstFreeColumn {
  constructor(column) {
    super('same-column');
    this.column = column;
  }
  move() {
    return this.column;
  }
}

/** Throws when asked for a move. */
export class Thrower extends FirstFreeColumn {
  move() {
    throw new Error('no idea what to play');
  }
}

/** Throws a value that cannot be made a string: `Object.create(null)` ('null'), or a Proxy whose every trap throws ('proxy'). */
export class OddThrower extends FirstFreeColumn {
  constructor(kind) {
    super();
    this.kind = kind;
  }
  move() {
    const no = () => {
      throw new Error('no');
    };
    throw this.kind === 'null' ? Object.create(null) : new Proxy({}, { get: no, getPrototypeOf: no, has: no, ownKeys: no, getOwnPropertyDescriptor: no });
  }
}

/** Answers legally, but only after `ms` milliseconds (yielding meanwhile). */
export class Sleeper extends FirstFreeColumn {
  constructor(ms) {
    super('sleeper');
    this.ms = ms;
  }
  async move() {
    await new Promise((resolve) => setTimeout(resolve, this.ms));
    return super.move();
  }
}

/** Computes forever without yielding when asked for a move. */
export class Spinner extends FirstFreeColumn {
  move() {
    for (;;) {
      /* never yields */
    }
  }
}

/** Its thread dies when asked for a move. */
export class Quitter extends FirstFreeColumn {
  move() {
    process.exit(3);
  }
}

// The error classes the referee classifies, from the build: the worker entry point runs from dist/,
// so these are the very classes it checks against.
const BUILT = new URL('../../../../dist/games/connect-four/', import.meta.url);

/** Resigns when asked for a move, saying `why`. */
export class Resigner extends FirstFreeColumn {
  constructor(why) {
    super('resigner');
    this.why = why;
  }
  async move() {
    const { Resignation } = await import(new URL('player.js', BUILT).href);
    throw new Resignation(this.why);
  }
}

/** Throws a PlayerFailure with the given reason when asked for a move. */
export class Failer extends FirstFreeColumn {
  constructor(reason, message) {
    super('failer');
    this.reason = reason;
    this.message = message;
  }
  async move() {
    const { PlayerFailure } = await import(new URL('referee/result.js', BUILT).href);
    throw new PlayerFailure(this.reason, this.message);
  }
}
