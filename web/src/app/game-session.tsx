import { useCallback, useEffect } from "react";
import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import { ErrorCode } from "@wegmarke/protocol";
import type { ApiError } from "@wegmarke/protocol";
import { apiErrorKey, metresToGo } from "../api/api-error-key";
import { useFlash } from "../components/flash";
import { formatDistance } from "../lib/distance";
import { GameProvider } from "../session/game-store";
import { usePositionSharing } from "../session/position-sharing";
import type { StreamNotice } from "../session/game-store";
import { useSession } from "../session/session";
import { streamRecovery } from "../session/stream-recovery";

const sseFlash = "sse";
/** A `near` station's "come closer" refusal: the arrival takes it away (news-bell.tsx). */
export const tooFarFlash = "too-far";

/**
 * The signed-in player's game, with its errors shown as flash messages (spec 8). A call the
 * server refuses for the token (401: the session ended, e.g. after 30 days unused) leads to the
 * login, which says why; so does the reload a refused stream offers.
 */
export function GameSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { config, token, language, signOut, expire } = useSession();
  const { show, dismiss, clear } = useFlash();

  const onCallError = useCallback(
    (error: ApiError) => {
      if (error.code !== ErrorCode.invalidHash) {
        const toGo = metresToGo(error.reason);
        const distance =
          toGo === undefined ? "" : toGo > 1000 ? formatDistance(toGo, language) : `${toGo}\u00a0m`;
        show({
          text: t(apiErrorKey(error.code, error.reason), { distance }),
          ...(toGo !== undefined && { tag: tooFarFlash }),
        });
        return;
      }
      // Whatever this session said is moot now.
      clear();
      expire();
    },
    [clear, expire, show, t, language],
  );

  // The stream's message goes with its token's stream (signed out, or the session ended).
  useEffect(() => () => dismiss(sseFlash), [dismiss, token]);

  const onStream = useCallback(
    (notice: StreamNotice, startOver: () => void) => {
      if (notice.kind === "open") {
        dismiss(sseFlash);
        return;
      }
      if (!notice.closed) return;
      const recovery = streamRecovery(notice.error, config.registrationLess);
      if (recovery === "register-anew") {
        // Without a visible error: signed out, the route guard registers anew.
        clear();
        signOut();
        return;
      }
      const reload = {
        reload: true,
        "reload-signed-out": expire,
        "reload-from-start": startOver,
      } as const;
      show({ text: t("apiError.sse"), reload: reload[recovery], tag: sseFlash });
    },
    [clear, config.registrationLess, dismiss, expire, show, signOut, t],
  );

  if (token === null) return null;
  return (
    <GameProvider
      key={token}
      token={token}
      language={language}
      config={config}
      onCallError={onCallError}
      onStream={onStream}
    >
      <PositionSharing />
      {children}
    </GameProvider>
  );
}

/** Sends the position to the team while the player shares it (session/position-sharing.ts). */
function PositionSharing() {
  usePositionSharing();
  return null;
}
