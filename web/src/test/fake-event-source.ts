/** An EventSource double: tests push SSE events into it and make it fail. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  readonly url: string;
  private lastId = "";

  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (source === undefined) throw new Error("no EventSource was opened");
    return source;
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** Sends one SSE block; without `id` the block has no `id:` line. */
  send(type: string, data: unknown, id?: number) {
    if (id !== undefined) this.lastId = String(id);
    this.dispatchEvent(
      new MessageEvent(type, { data: JSON.stringify(data), lastEventId: this.lastId }),
    );
  }

  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event("error"));
  }
}
