/** A server-sent events client for tests: fetch with a streaming body and a small parser. */

export type SseMessage = { id: string | undefined; event: string; data: string };

type Waiter = { resolve: (message: SseMessage) => void; reject: (error: Error) => void };

export class SseClient {
  /** The last `retry:` value the server sent. */
  retry: number | undefined;
  /** Comment lines (`: keep-alive`), without the colon. */
  readonly comments: string[] = [];
  private readonly queue: SseMessage[] = [];
  private readonly waiters: Waiter[] = [];
  private ended = false;

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  /** Opens the stream; rejects with status and body when the server refuses it. */
  static async connect(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const abort = new AbortController();
    const response = await fetch(url, { headers, signal: abort.signal });
    if (response.status !== 200) {
      throw new Error(`${response.status} ${await response.text()}`);
    }
    const client = new SseClient(response, abort);
    void client.read();
    return client;
  }

  /** The next event, waiting up to `timeoutMs`. */
  next(timeoutMs = 5000): Promise<SseMessage> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.ended) return Promise.reject(new Error("stream ended"));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no event within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Events up to and including the first of `type`. */
  async until(type: string, timeoutMs = 5000): Promise<SseMessage[]> {
    const messages: SseMessage[] = [];
    for (;;) {
      const message = await this.next(timeoutMs);
      messages.push(message);
      if (message.event === type) return messages;
    }
  }

  /** Everything that arrives within `ms` (expected to be nothing, mostly). */
  async drain(ms = 300): Promise<SseMessage[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.queue.splice(0);
  }

  /** Resolves when the server ends the stream. */
  async closedByServer(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error("stream still open");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Whether the server has ended the stream. */
  get isEnded(): boolean {
    return this.ended;
  }

  close(): void {
    this.abort.abort();
  }

  private async read(): Promise<void> {
    const body = this.response.body;
    if (!body) return this.end();
    const decoder = new TextDecoder();
    let buffer = "";
    let block: string[] = [];
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        const lines = buffer.split(/\r\n|\r|\n/);
        buffer = lines.pop() ?? "";
        for (const line of lines) {
          if (line !== "") {
            block.push(line);
            continue;
          }
          this.dispatch(block);
          block = [];
        }
      }
    } catch {
      // aborted by close()
    }
    this.end();
  }

  private dispatch(lines: string[]): void {
    let id: string | undefined;
    let event = "message";
    const data: string[] = [];
    for (const line of lines) {
      if (line.startsWith(":")) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") id = value;
      if (field === "event") event = value;
      if (field === "data") data.push(value);
      if (field === "retry") this.retry = Number(value);
    }
    if (data.length === 0) return;
    const message = { id, event, data: data.join("\n") };
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(message);
    else this.queue.push(message);
  }

  private end(): void {
    this.ended = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error("stream ended"));
  }
}
