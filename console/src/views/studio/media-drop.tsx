import { useId, useState } from "react";
import type { DragEvent } from "react";
import type { OpsDraftFile } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { uploadMedia } from "../../api/upload";
import { useI18n } from "../../i18n/i18n";

type Upload = {
  name: string;
  share: number;
  state: "sending" | "done" | "failed";
  message?: string;
};

/** A file's name as the pack keeps it: lower case, no spaces, letters of the path's kind. */
export function packName(name: string): string {
  const dot = name.lastIndexOf(".");
  const base = (dot > 0 ? name.slice(0, dot) : name)
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  return `${base === "" ? "datei" : base}${extension === "" ? "" : `.${extension}`}`;
}

const MEDIA = "image/*,audio/mpeg,video/mp4,video/webm,.mp3,.mp4,.webm,.svg";

type Props = {
  folder: string;
  /** The folder's files (for the hash an upload over one names), or how to get them then. */
  files: OpsDraftFile[] | (() => Promise<OpsDraftFile[]>);
  /** Called after the files chosen were sent, with the paths of those the draft took. */
  onUploaded: (paths: string[]) => void;
  /** The kinds of file offered (an `accept` list); all media by default. */
  accept?: string;
  /** One file at a time, as a form's field takes it. */
  single?: boolean;
  label?: string;
};

/**
 * Images, audio and video dropped on a folder (or chosen) go into the draft one after another,
 * each with its progress; a refusal says why. A file of the same name is replaced.
 */
export function MediaDrop({
  folder,
  files,
  onUploaded,
  accept = MEDIA,
  single = false,
  label,
}: Props) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);

  const send = async (chosen: File[]) => {
    const taken: string[] = [];
    for (const file of chosen.slice(0, single ? 1 : undefined)) {
      const name = packName(file.name);
      const path = `${folder}/${name}`;
      const update = (changes: Partial<Upload>) =>
        setUploads((before) => before.map((u) => (u.name === name ? { ...u, ...changes } : u)));
      setUploads((before) => [
        ...before.filter((u) => u.name !== name),
        { name, share: 0, state: "sending" },
      ]);
      try {
        const known = typeof files === "function" ? await files() : files;
        const replaces = known.find((f) => f.path === path)?.hash ?? null;
        const outcome = await uploadMedia(path, file, replaces, (share) => update({ share }));
        if (outcome.ok) taken.push(path);
        update(
          outcome.ok
            ? { state: "done", share: 1 }
            : {
                state: "failed",
                message: t("studio.uploadConflict", {
                  name: outcome.theirs.by ?? t("studio.someone"),
                }),
              },
        );
      } catch (error) {
        update({ state: "failed", message: errorText(error, texts) });
      }
    }
    onUploaded(taken);
  };

  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void send([...event.dataTransfer.files]);
  };

  return (
    <div
      className={over ? "media-drop media-drop--over" : "media-drop"}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={dropped}
    >
      <label htmlFor={id}>{label ?? t("studio.upload")}</label>
      <input
        id={id}
        type="file"
        multiple={!single}
        accept={accept}
        onChange={(event) => {
          void send([...(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />
      {uploads.length > 0 && (
        <ul className="media-drop__uploads" aria-live="polite">
          {uploads.map((upload) => (
            <li key={upload.name}>
              <code>{upload.name}</code>{" "}
              {upload.state === "sending" && (
                <progress
                  max={1}
                  value={upload.share}
                  aria-label={t("studio.uploading", { name: upload.name })}
                />
              )}
              {upload.state === "done" && <span>{t("studio.uploaded")}</span>}
              {upload.state === "failed" && (
                <span className="media-drop__refused" role="alert">
                  {upload.message}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
