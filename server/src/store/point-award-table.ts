import type { Generated } from "kysely";

/** Points a host awarded (or took, below 0) from a participant, and why. */
export type PointAwardsTable = {
  id: Generated<number>;
  gameId: number;
  stream: string;
  points: number;
  reason: string;
  /** The host's name as it was; null for the operator token. */
  operator: string | null;
  createdAt: string;
};
