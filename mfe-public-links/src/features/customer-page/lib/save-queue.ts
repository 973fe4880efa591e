/**
 * The guests' saves, one at a time and in order: each answer is the whole page as the database holds it
 * after that save, so an answer must never arrive after a newer one (an older save would show, or
 * overwrite, what a newer one changed). While a save is out, further edits of a guest replace that
 * guest's waiting value (only the latest is sent); the next save leaves when the answer is in.
 */
export class SaveQueue<K, V, R> {
  private readonly waiting = new Map<K, V>();
  private running = false;

  /**
   * `send` never rejects (it answers its outcome); `done` is told each answer in the order sent, with
   * `superseded` when a newer value of the same key is waiting (its error need not be shown: it is sent again).
   */
  constructor(
    private readonly send: (key: K, value: V) => Promise<R>,
    private readonly done: (key: K, value: V, result: R, superseded: boolean) => void,
  ) {}

  /** Queues the latest value of `key` (replacing one that has not left yet). */
  save(key: K, value: V): void {
    this.waiting.delete(key);
    this.waiting.set(key, value);
    void this.run();
  }

  /** Whether a save is out or waiting. */
  get busy(): boolean {
    return this.running || this.waiting.size > 0;
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.waiting.entries().next(); !next.done; next = this.waiting.entries().next()) {
        const [key, value] = next.value;
        this.waiting.delete(key);
        const result = await this.send(key, value);
        this.done(key, value, result, this.waiting.has(key));
      }
    } finally {
      this.running = false;
    }
  }
}
