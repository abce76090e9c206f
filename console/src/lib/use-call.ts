import { useCallback, useEffect, useEffectEvent, useState } from "react";

export type CallState<T> = {
  /** The answer for the current key; while a new one loads, the last one (stale). */
  data: T | undefined;
  /** Why the last call for the current key failed. */
  error: unknown;
  /** A call for the current key is under way. */
  pending: boolean;
  /** Calls again with the same key. */
  reload: () => void;
};

type Result<T> = { key: string; data?: T; error?: unknown };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * Runs `run` for `key` and again whenever `key` changes or `reload` is called; a call for an
 * old key is aborted, so a slow answer never replaces a newer one.
 */
export function useCall<T>(key: string, run: (signal: AbortSignal) => Promise<T>): CallState<T> {
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);
  const [last, setLast] = useState<T | undefined>(undefined);
  const current = `${version}:${key}`;
  const start = useEffectEvent((signal: AbortSignal) => run(signal));
  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal).then(
      (data) => {
        setResult({ key: current, data });
        setLast(data);
      },
      (error: unknown) => {
        if (!isAbort(error)) setResult({ key: current, error });
      },
    );
    return () => controller.abort();
  }, [current]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const settled = result?.key === current;
  return {
    data: settled && "data" in result ? result.data : last,
    error: settled ? result.error : undefined,
    pending: !settled,
    reload,
  };
}
