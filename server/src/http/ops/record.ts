import type { FastifyRequest } from "fastify";

/** Records the calling operator's action in the audit log (operator-accounts/). */
export type OpsRecord = (request: FastifyRequest, action: string, detail: string) => Promise<void>;
