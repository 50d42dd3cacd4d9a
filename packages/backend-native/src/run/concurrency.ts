/** Limits how many tasks run at once. */
export class Semaphore {
  #available: number;
  readonly #waiting: (() => void)[] = [];

  constructor(permits: number) {
    this.#available = permits;
  }

  async use<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#available > 0) this.#available -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.#waiting.shift();
      if (next === undefined) this.#available += 1;
      else next();
    }
  }
}

/** Runs tasks with the same key one after another (flows appending to one table). */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<unknown>>();

  async with<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const current = previous.then(fn, fn);
    const tail = current.catch(() => undefined);
    this.#tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}
