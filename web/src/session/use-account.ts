import { useCallback, useEffect, useState } from "react";
import { loadAccount } from "../api/upgrade-api";
import { useSession } from "./session";

/**
 * The signed-in player's account: registered with a phone number, or anonymous; "asking" until
 * the server said, "unknown" when it could not be asked (offline) or nobody is signed in.
 */
export type AccountKind = "registered" | "anonymous" | "asking" | "unknown";

/** What the server said of each token's account, once per token and visit. */
const known = new Map<string, "registered" | "anonymous">();

/**
 * The kind of the signed-in player's account. `markRegistered` records that an anonymous
 * player just kept their game with a number.
 */
export function useAccount(): { account: AccountKind; markRegistered(): void } {
  const { config, token } = useSession();
  const [asked, setAsked] = useState<{ token: string; kind: AccountKind } | null>(null);

  useEffect(() => {
    if (token === null || known.has(token)) return;
    let live = true;
    loadAccount({ accountBase: config.accountBase, token }).then(
      (registered) => {
        const kind = registered ? "registered" : "anonymous";
        known.set(token, kind);
        if (live) setAsked({ token, kind });
      },
      () => {
        if (live) setAsked({ token, kind: "unknown" });
      },
    );
    return () => {
      live = false;
    };
  }, [config.accountBase, token]);

  const markRegistered = useCallback(() => {
    if (token === null) return;
    known.set(token, "registered");
    setAsked({ token, kind: "registered" });
  }, [token]);

  const account: AccountKind =
    token === null
      ? "unknown"
      : (known.get(token) ?? (asked?.token === token ? asked.kind : "asking"));
  return { account, markRegistered };
}
