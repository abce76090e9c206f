import type { Texts } from "../i18n/i18n";
import { ApiError } from "./client";

/** The statuses of a proxy whose server did not answer (down, restarting, too slow). */
const UNREACHABLE = [502, 503, 504];

/**
 * What went wrong with a call, for the operator: the server's own reason where it gave one; for
 * a proxy's error page a sentence by its status, never the page.
 */
export function errorText(error: unknown, { t }: Pick<Texts, "t">): string {
  if (error instanceof ApiError) {
    if (error.kind === "network") return t("error.network");
    if (error.kind === "status") {
      return t("error.status", { status: error.status, reason: error.reason });
    }
    if (error.kind === "page") {
      if (error.status === 413) return t("error.tooLarge");
      if (UNREACHABLE.includes(error.status)) return t("error.unreachable");
      return t("error.page", { status: error.status });
    }
  }
  return t("error.unexpected");
}
