import { useState } from "react";
import type { OpsDraftCheck, OpsDraftPublishOutcome } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { checkDraft, discardDraft, getDraft, publishDraft } from "../../api/studio-api";
import { PhonePreview } from "./phone-preview";
import { NewStation, NewStory } from "./new-station";
import { Confirm } from "../../components/confirm";
import { ProblemList } from "../../components/problem-list";
import { useI18n } from "../../i18n/i18n";
import { useCall } from "../../lib/use-call";
import { CheckResult } from "./check-panel";
import { DraftFiles } from "./draft-files";

type Step =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "checked"; check: OpsDraftCheck }
  | { kind: "asking"; what: "publish" | "discard" }
  | { kind: "published"; outcome: OpsDraftPublishOutcome }
  | { kind: "discarded" }
  | { kind: "failed"; error: unknown };

/** What came of a publish: the live version with its warnings, or the check that refused it. */
function Published({ outcome }: { outcome: OpsDraftPublishOutcome }) {
  const { t, tn } = useI18n();
  if (!outcome.ok) {
    return (
      <div className="stack" role="alert">
        <p className="notice notice--error">{t("studio.publishRefused")}</p>
        <CheckResult check={outcome.check} />
      </div>
    );
  }
  return (
    <div className="notice notice--success" role="status">
      <p>{t("studio.published", { id: outcome.version.number })}</p>
      {outcome.warnings.length > 0 && (
        <>
          <p>{tn("reload.warnings", outcome.warnings.length)}</p>
          <ProblemList problems={outcome.warnings} />
        </>
      )}
    </div>
  );
}

/** The draft: its state, Check, Publish and Discard, and its files. */
export function DraftOverview() {
  const texts = useI18n();
  const { t, tn } = texts;
  const draft = useCall("draft", (signal) => getDraft(signal));
  const [step, setStep] = useState<Step>({ kind: "idle" });

  const check = async () => {
    setStep({ kind: "checking" });
    try {
      setStep({ kind: "checked", check: await checkDraft() });
    } catch (error) {
      setStep({ kind: "failed", error });
    }
  };
  const publish = async () => {
    const outcome = await publishDraft();
    setStep({ kind: "published", outcome });
    draft.reload();
  };
  const discard = async () => {
    await discardDraft();
    setStep({ kind: "discarded" });
    draft.reload();
  };

  if (draft.error !== undefined) {
    return (
      <p className="notice notice--error" role="alert">
        {errorText(draft.error, texts)}
      </p>
    );
  }
  if (draft.data === undefined) return <p aria-busy="true">{t("app.loading")}</p>;
  const { baseNumber: base, liveNumber: live, changed, files } = draft.data;
  const busy = step.kind === "checking";
  return (
    <>
      <section className="panel stack" aria-labelledby="draft-heading">
        <h2 id="draft-heading">{t("studio.state", { base, live })}</h2>
        <p>{t("studio.text")}</p>
        <p>{changed === 0 ? t("studio.unchanged") : tn("studio.changed", changed)}</p>
        {base !== live && <p className="notice">{t("studio.otherLive", { base, live })}</p>}
        <p className="studio__actions">
          <button type="button" className="button" disabled={busy} onClick={() => void check()}>
            {busy ? t("studio.checking") : t("studio.check")}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => setStep({ kind: "asking", what: "publish" })}
          >
            {t("studio.publish")}
          </button>
          {changed > 0 && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => setStep({ kind: "asking", what: "discard" })}
            >
              {t("studio.discard")}
            </button>
          )}
        </p>
        {step.kind === "asking" && (
          <Confirm
            question={t(
              step.what === "publish" ? "studio.publishQuestion" : "studio.discardQuestion",
            )}
            confirmLabel={t(
              step.what === "publish" ? "studio.publishConfirm" : "studio.discardConfirm",
            )}
            keepLabel={t(step.what === "publish" ? "studio.publishKeep" : "studio.discardKeep")}
            onConfirm={step.what === "publish" ? publish : discard}
            onKeep={() => setStep({ kind: "idle" })}
          />
        )}
        {step.kind === "checked" && <CheckResult check={step.check} />}
        {step.kind === "published" && <Published outcome={step.outcome} />}
        {step.kind === "discarded" && (
          <p className="notice notice--success" role="status">
            {t("studio.discarded")}
          </p>
        )}
        {step.kind === "failed" && (
          <p className="notice notice--error" role="alert">
            {errorText(step.error, texts)}
          </p>
        )}
      </section>
      <PhonePreview />
      <NewStation />
      <NewStory />
      <DraftFiles files={files} onChanged={draft.reload} />
    </>
  );
}
