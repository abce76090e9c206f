import type { OkResponse } from "@wegmarke/protocol";

/** The answer of a call that has nothing to return (spec: `{"value": "ok"}`). */
export const ok: OkResponse = { value: "ok" };
