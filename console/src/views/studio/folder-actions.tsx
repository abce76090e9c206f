import { useState } from "react";
import type { OpsStationEdit, OpsStoryEdit } from "@wegmarke/protocol";
import { ApiError } from "../../api/client";
import { errorText } from "../../api/error-text";
import { copyStation, removeStation, removeStory } from "../../api/studio-api";
import { Confirm } from "../../components/confirm";
import { navigate } from "../../routes/router";
import { useI18n } from "../../i18n/i18n";
import { stationPath } from "./paths";

/** What a station's or story's form knows of its folder. */
type Folder = { folder: string; id: number; hash: string; title: string };

type RemoveProps = Folder & {
  kind: "station" | "story";
  /** Loads the form anew: after a refused removal, the other author's version. */
  reload: () => void;
};

/**
 * Deletes a station's or story's whole folder from the draft, after a question that says how
 * to bring it back; then back to the draft's files. A folder another author changed since it
 * was loaded stays, with a note.
 */
export function RemoveFolder({ kind, folder, id, hash, title, reload }: RemoveProps) {
  const { t } = useI18n();
  const [step, setStep] = useState<"idle" | "asking" | "changed">("idle");
  const remove = async () => {
    try {
      await (kind === "station" ? removeStation(folder, hash) : removeStory(folder, hash));
      navigate("/ops/studio");
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.status === 409)) throw failure;
      setStep("changed");
    }
  };
  return (
    <div className="stack">
      <p className="studio__actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() => setStep("asking")}
          disabled={step === "asking"}
        >
          {t(kind === "station" ? "folder.removeStation" : "folder.removeStory")}
        </button>
      </p>
      {step === "asking" && (
        <Confirm
          question={t(
            kind === "station" ? "folder.removeStationQuestion" : "folder.removeStoryQuestion",
            { id, title },
          )}
          confirmLabel={t("folder.removeConfirm")}
          keepLabel={t("folder.removeKeep")}
          onConfirm={remove}
          onKeep={() => setStep("idle")}
        />
      )}
      {step === "changed" && (
        <p className="notice notice--error" role="alert">
          {t("folder.changed")}{" "}
          <button type="button" className="button button--small" onClick={reload}>
            {t("folder.reload")}
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * Copies a station with its dialogues and media to the next free number and opens the copy's
 * form. Unsaved changes of the form stay behind: the copy is made from the draft.
 */
export function CopyStation({ folder, dirty }: { folder: string; dirty: boolean }) {
  const texts = useI18n();
  const { t } = texts;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const copy = async () => {
    setBusy(true);
    setError(undefined);
    try {
      navigate(stationPath((await copyStation(folder)).folder));
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <p className="studio__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void copy()}>
          {busy ? t("folder.copying") : t("folder.copyStation")}
        </button>
        {dirty && <span className="muted">{t("folder.copyUnsaved")}</span>}
      </p>
      {error !== undefined && (
        <p className="notice notice--error" role="alert">
          {errorText(error, texts)}
        </p>
      )}
    </div>
  );
}

type FormProps<T> = { edit: T; reload: () => void };

/** The end of a station's form: duplicate the station, delete it. */
export function StationActions({
  edit,
  dirty,
  reload,
}: FormProps<OpsStationEdit> & { dirty: boolean }) {
  const title = edit.form.texts.de?.title ?? edit.folder;
  return (
    <div className="studio__folder">
      <CopyStation folder={edit.folder} dirty={dirty} />
      <RemoveFolder kind="station" {...folderOf(edit)} title={title} reload={reload} />
    </div>
  );
}

/** The end of a story's form: delete the story. */
export function StoryActions({ edit, reload }: FormProps<OpsStoryEdit>) {
  const title = edit.form.texts.de?.headline ?? edit.folder;
  return (
    <div className="studio__folder">
      <RemoveFolder kind="story" {...folderOf(edit)} title={title} reload={reload} />
    </div>
  );
}

function folderOf({ folder, id, hash }: OpsStationEdit | OpsStoryEdit) {
  return { folder, id, hash };
}
