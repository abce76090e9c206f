/**
 * The orchestrator's calls to the operators' API (broadcast, publish): one keep-alive socket to
 * the instance that takes the POSTs, `Authorization: Bearer <OPERATOR_TOKEN>`. The orchestrator
 * sends them itself because it is idle while the workers read their streams.
 */
import http from "node:http";
import { sharedNow } from "./clock";

export type OpsAnswer = {
  /** HTTP status, or an error code ("ECONNRESET", "timeout"). */
  status: number | string;
  body: string;
  /** Just before the request was built, and when the whole answer was read (shared clock). */
  sentAt: number;
  answeredAt: number;
};

export class OpsClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 });

  constructor(
    private readonly target: { host: string; port: number },
    private readonly token: string,
    private readonly timeoutMs: number,
  ) {}

  /**
   * One call with a JSON body, or a file's bytes with their type (`{ type, bytes }`); never
   * rejects (failures come back as the status).
   */
  call(
    method: "GET" | "POST" | "PUT",
    path: string,
    json?: unknown,
    file?: { type: string; bytes: Buffer },
  ): Promise<OpsAnswer> {
    const body = file?.bytes ?? (json === undefined ? undefined : JSON.stringify(json));
    const type = file?.type ?? "application/json";
    return new Promise((resolve) => {
      let done = false;
      // Before the request is built: the latencies include all of the client's part.
      const sentAt = sharedNow();
      const finish = (status: number | string, text = "") => {
        if (done) return;
        done = true;
        resolve({ status, body: text, sentAt, answeredAt: sharedNow() });
      };
      const request = http.request({
        agent: this.agent,
        host: this.target.host,
        port: this.target.port,
        method,
        path,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body !== undefined && {
            "content-type": type,
            "content-length": Buffer.byteLength(body),
          }),
        },
      });
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => finish(response.statusCode ?? 0, text));
        response.on("error", () => finish("response-aborted", text));
      });
      request.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
      request.setTimeout(this.timeoutMs, () => {
        request.destroy(Object.assign(new Error("timeout"), { code: "timeout" }));
      });
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The id of the stored item in the answer of `POST /api/ops/news`, if the answer is one. */
export function newsIdOf(body: string): number | undefined {
  try {
    const id = (JSON.parse(body) as { id?: unknown }).id;
    return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}
