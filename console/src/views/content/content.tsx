import { useState } from "react";
import type { OpsReloadOutcome } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { reloadContent } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import { ProblemList } from "../../components/problem-list";
import { RoleNote, useRole } from "../../components/roles";
import { Instances } from "../instances/instances";
import { ExportPanel } from "./export-panel";
import { PostersPanel } from "./posters";

type Reload =
  | { state: "idle" }
  | { state: "busy" }
  | { state: "done"; outcome: OpsReloadOutcome }
  | { state: "failed"; error: unknown };

/** The export and the content pack's reload, with the pack's problems or warnings. */
export function ContentView() {
  const texts = useI18n();
  const { t, tn } = texts;
  const [reload, setReload] = useState<Reload>({ state: "idle" });
  const author = useRole("author");

  const run = async () => {
    setReload({ state: "busy" });
    try {
      setReload({ state: "done", outcome: await reloadContent() });
    } catch (error) {
      setReload({ state: "failed", error });
    }
  };

  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("content.heading")}</h1>
      <ExportPanel />
      <PostersPanel />
      <section className="panel stack" aria-labelledby="reload-heading">
        <h2 id="reload-heading">{t("reload.heading")}</h2>
        <p>{t("reload.text")}</p>
        {author ? (
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={reload.state === "busy"}
              onClick={() => void run()}
            >
              {reload.state === "busy" ? t("reload.busy") : t("reload.button")}
            </button>
          </p>
        ) : (
          <RoleNote role="author" />
        )}
        {reload.state === "failed" && (
          <p className="notice notice--error" role="alert">
            {errorText(reload.error, texts)}
          </p>
        )}
        {reload.state === "done" &&
          (reload.outcome.ok ? (
            <div className="notice notice--success" role="status">
              <p>{t("reload.done", { version: reload.outcome.version })}</p>
              {reload.outcome.warnings.length > 0 && (
                <>
                  <p>{tn("reload.warnings", reload.outcome.warnings.length)}</p>
                  <ProblemList problems={reload.outcome.warnings} />
                </>
              )}
            </div>
          ) : (
            <div className="notice notice--error" role="alert">
              <p>{tn("reload.refused", reload.outcome.problems.length)}</p>
              <ProblemList problems={reload.outcome.problems} />
            </div>
          ))}
      </section>
      <Instances />
    </div>
  );
}
