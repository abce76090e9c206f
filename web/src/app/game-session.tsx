import { useCallback } from "react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorCode } from "@wegmarke/protocol";
import type { ApiError } from "@wegmarke/protocol";
import { useFlash } from "../components/flash";
import { GameProvider } from "../game/game-store";
import type { StreamNotice } from "../game/game-store";
import { apiErrorKey } from "../i18n/api-error-key";
import { useSession } from "./session";

const sseFlash = "sse";

/** The signed-in player's game, with its errors shown as flash messages (spec 8). */
export function GameSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { config, token, signOut } = useSession();
  const { show, dismiss } = useFlash();

  const onCallError = useCallback(
    (error: ApiError) => show({ text: t(apiErrorKey(error.code)) }),
    [show, t],
  );

  const onStream = useCallback(
    (notice: StreamNotice) => {
      if (notice.kind === "open") {
        dismiss(sseFlash);
        return;
      }
      if (!notice.closed) return;
      // The token is no longer known: reloading cannot help, signing in again can.
      if (notice.error.code === ErrorCode.invalidHash) {
        signOut();
        return;
      }
      show({ text: t("apiError.sse"), reload: true, tag: sseFlash });
    },
    [dismiss, show, signOut, t],
  );

  if (token === null) return null;
  return (
    <GameProvider
      key={token}
      token={token}
      config={config}
      onCallError={onCallError}
      onStream={onStream}
    >
      {children}
    </GameProvider>
  );
}
