import { createContext, useContext, useEffect, useState } from "react";
import type { ReactNode } from "react";
import type { Submission } from "@wegmarke/protocol";
import { fetchSubmissions } from "../api/submission-api";

/** Links are signed for ten minutes: read again well before. */
const REFRESH_MS = 8 * 60_000;

type Links = ReadonlyMap<number, Submission>;

const SubmissionLinksContext = createContext<Links>(new Map());

/** A submission with its links, once read; undefined before (or when the server has it no more). */
export function useSubmissionLink(id: number): Submission | undefined {
  return useContext(SubmissionLinksContext).get(id);
}

type ProviderProps = {
  /** The submissions a thread shows: their links are read when one is new to this provider. */
  ids: readonly number[];
  gameBase: string;
  token: string | null;
  children: ReactNode;
};

/** Reads the links of the submissions shown, when one is unknown and every few minutes. */
export function SubmissionLinks({ ids, gameBase, token, children }: ProviderProps) {
  const [links, setLinks] = useState<Links>(new Map());
  // When the links were read, for which submissions: a new one reads them again at once.
  const [read, setRead] = useState({ at: 0, key: "" });
  const key = ids.join(",");
  useEffect(() => {
    if (token === null || key === "") return;
    const due = key === read.key ? Math.max(0, read.at + REFRESH_MS - Date.now()) : 0;
    let stopped = false;
    const timer = setTimeout(() => {
      fetchSubmissions({ gameBase, token }).then(
        (list) => {
          if (stopped) return;
          setLinks(new Map(list.map((submission) => [submission.ID, submission])));
          setRead({ at: Date.now(), key });
        },
        // Offline or refused: the bubbles keep their place holders until the next change.
        () => undefined,
      );
    }, due);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, read, gameBase, token]);
  return <SubmissionLinksContext value={links}>{children}</SubmissionLinksContext>;
}
