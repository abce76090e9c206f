import { useCallback } from "react";
import type { ApiError } from "@wegmarke/protocol";
import { optinAnonymous } from "../api/account-api";
import { toApiError } from "../api/api-error";
import { useSession } from "./session";

/**
 * Registers anonymously for the game's story in the chosen language and signs in with the
 * token: "Kostenlos mitmachen", and registration-less mode (spec 6). Resolves the error, or
 * null once signed in.
 */
export function useAnonymousSignIn(): () => Promise<ApiError | null> {
  const { config, language, signIn } = useSession();
  return useCallback(async () => {
    try {
      signIn(await optinAnonymous({ ...config, language }));
      return null;
    } catch (error) {
      return toApiError(error);
    }
  }, [config, language, signIn]);
}
