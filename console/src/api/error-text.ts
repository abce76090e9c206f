import type { Texts } from "../i18n/i18n";
import { ApiError } from "./client";

/** What went wrong with a call, for the operator: the server's own reason where it gave one. */
export function errorText(error: unknown, { t }: Pick<Texts, "t">): string {
  if (error instanceof ApiError) {
    if (error.kind === "network") return t("error.network");
    if (error.kind === "status") {
      return t("error.status", { status: error.status, reason: error.reason });
    }
  }
  return t("error.unexpected");
}
