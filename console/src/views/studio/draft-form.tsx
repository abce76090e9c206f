import { Fragment } from "react";
import type { ReactNode } from "react";
import { errorText } from "../../api/error-text";
import { Link } from "../../routes/router";
import { useI18n } from "../../i18n/i18n";
import { useCall } from "../../lib/use-call";
import { filePath } from "./paths";

type DraftFormProps<T extends { hash: string | null }> = {
  /** Names the call: another key loads anew. */
  callKey: string;
  load: (signal: AbortSignal) => Promise<T>;
  /** The file to open as text when its form cannot be read (a yaml the form does not know). */
  asText?: { path: string; label: string };
  /** The loaded form; it is made anew when another author's version (another hash) is read. */
  children: (loaded: T, reload: () => void) => ReactNode;
};

/** The way back to the draft's files. */
export function BackToDraft() {
  const { t } = useI18n();
  return (
    <p>
      <Link to="/ops/studio">← {t("studio.back")}</Link>
    </p>
  );
}

/**
 * A file or form of the draft as it loads: "loading" meanwhile, the reason (and the file as
 * text) when it failed, else the form, keyed by the file's hash.
 */
export function DraftForm<T extends { hash: string | null }>({
  callKey,
  load,
  asText,
  children,
}: DraftFormProps<T>) {
  const texts = useI18n();
  const loaded = useCall(callKey, load);
  if (loaded.error !== undefined) {
    return (
      <>
        <BackToDraft />
        <p className="notice notice--error" role="alert">
          {errorText(loaded.error, texts)}
        </p>
        {asText && (
          <p>
            <Link to={filePath(asText.path)}>{asText.label}</Link>
          </p>
        )}
      </>
    );
  }
  if (loaded.data === undefined) return <p aria-busy="true">{texts.t("app.loading")}</p>;
  return <Fragment key={String(loaded.data.hash)}>{children(loaded.data, loaded.reload)}</Fragment>;
}
