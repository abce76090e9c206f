import { ErrorBoundary } from "react-error-boundary";
import type { FallbackProps } from "react-error-boundary";
import type { ReactNode } from "react";
import { isChunkError, reportClientError } from "../api/client-error-api";
import { useTranslation } from "../i18n/use-translation";
import { useOptionalSession } from "../session/session";
import "./media-boundary.css";

/** An audio or video file the browser could not load or play (the element's `error` event). */
export class MediaLoadError extends Error {
  override readonly name = "MediaLoadError";
}

const mediaErrors: Record<number, string> = {
  1: "aborted",
  2: "network",
  3: "decode",
  4: "source not supported",
};

/** The failure of a media element, to throw into the boundary around its player. */
export function mediaFailure(element: HTMLMediaElement): MediaLoadError {
  const code = element.error?.code ?? 0;
  const path = new URL(element.currentSrc || element.src, location.href).pathname;
  return new MediaLoadError(`${mediaErrors[code] ?? "unknown"}: ${path}`);
}

const offline = () => typeof navigator !== "undefined" && !navigator.onLine;

type MediaBoundaryProps = {
  children: ReactNode;
  /** Loads the player's code again (a lazy component's `preload`) before the retry. */
  reload?: () => Promise<unknown>;
};

/**
 * Around an audio or video player (issue 28): a player whose code does not load, that throws,
 * or whose file does not load shows why in its place, with a retry; the rest of the screen
 * goes on. What is not the network's fault is reported to the server.
 */
export function MediaBoundary({ children, reload }: MediaBoundaryProps) {
  const session = useOptionalSession();
  return (
    <ErrorBoundary
      fallbackRender={(props) => <MediaError {...props} reload={reload} />}
      onError={(error) => {
        if (session !== null && !offline()) {
          reportClientError(session.config.gameBase, error, "media");
        }
      }}
    >
      {children}
    </ErrorBoundary>
  );
}

function MediaError({
  error,
  resetErrorBoundary,
  reload,
}: FallbackProps & Pick<MediaBoundaryProps, "reload">) {
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  const retry = async () => {
    if (chunk) await reload?.().catch(() => undefined);
    resetErrorBoundary();
  };
  return (
    <div className="media-error" role="alert">
      <p>{t(offline() || chunk ? "media.offline" : "media.failed")}</p>
      <button type="button" className="link-button" onClick={() => void retry()}>
        {t("media.retry")}
      </button>
    </div>
  );
}
