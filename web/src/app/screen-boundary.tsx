import { ErrorBoundary } from "react-error-boundary";
import type { FallbackProps } from "react-error-boundary";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { isChunkError, reportClientError } from "../api/client-error-api";
import { useTranslation } from "../i18n/use-translation";
import { useSession } from "../session/session";
import "./screen-boundary.css";

function ScreenError({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  return (
    <section className="screen-error" role="alert" aria-labelledby="screen-error-title">
      <h2 id="screen-error-title">{t("screenError.title")}</h2>
      <p>{t(chunk ? "screenError.chunk" : "screenError.render")}</p>
      <div className="screen-error__actions">
        <button
          type="button"
          className="button button--primary"
          // A module that failed to load stays failed in this page: the page loads anew.
          onClick={() => (chunk ? location.reload() : resetErrorBoundary())}
        >
          {t("screenError.retry")}
        </button>
        <Link className="link-button" to="/" onClick={() => resetErrorBoundary()}>
          {t("screenError.home")}
        </Link>
      </div>
    </section>
  );
}

/**
 * Around each screen (issue 28: never a blank page): a screen whose code does not load or that
 * throws shows why, a retry and the way home, and is reported to the server; another route
 * starts afresh.
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { config } = useSession();
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      FallbackComponent={ScreenError}
      onError={(error) => reportClientError(config.gameBase, error, "render")}
      resetKeys={[pathname]}
    >
      {children}
    </ErrorBoundary>
  );
}
