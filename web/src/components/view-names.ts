import { useCallback } from "react";
import type { StationView } from "@wegmarke/protocol";
import { useTranslation } from "../i18n/use-translation";
import { useSession } from "../session/session";

/** A view's name in the menus and the line atop its list. */
export type ViewName = { label: string; text: string };

/**
 * What the app calls each view and says atop its list: the pack's words (game.yaml `views`)
 * where it has them, else the app's own, which say what such a view holds.
 */
export function useViewNames(): (view: StationView) => ViewName {
  const { t } = useTranslation();
  const { content } = useSession();
  return useCallback(
    (view: StationView) => {
      const named = content?.views?.[view];
      return {
        label: named?.label ?? t(`views.label.${view}`),
        text: named?.text ?? t(`views.intro.${view}`),
      };
    },
    [t, content],
  );
}
