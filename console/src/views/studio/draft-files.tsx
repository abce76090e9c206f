import { useState } from "react";
import type { OpsDraftFile } from "@wegmarke/protocol";
import { removeDraftFile } from "../../api/studio-api";
import { Confirm } from "../../components/confirm";
import { Link } from "../../routes/router";
import { useI18n } from "../../i18n/i18n";
import { formatDateTime } from "../../lib/format";
import { MediaDrop } from "./media-drop";
import { TEXT_FILE, filePath, stationPath, storyPath } from "./paths";

/** The folder a file is listed under: a station's or story's, a top folder, or the game's. */
function folderOf(path: string): string {
  const parts = path.split("/");
  if ((parts[0] === "stations" || parts[0] === "stories") && parts.length > 2) {
    return `${parts[0]}/${parts[1]}`;
  }
  return parts.length > 1 ? (parts[0] ?? "") : "";
}

/** Files a folder's removal or nothing removes: without them the station, story or game breaks. */
const KEPT = /(^game\.yaml|\/station\.yaml|\/story\.yaml)$/;

function FileRow({ file, onChanged }: { file: OpsDraftFile; onChanged: () => void }) {
  const { t, locale } = useI18n();
  const [step, setStep] = useState<"idle" | "asking" | "changed">("idle");
  const name = file.path.slice(folderOf(file.path).length).replace(/^\//, "");
  const editable = file.state !== "removed" && TEXT_FILE.test(file.path);
  const removable = file.hash !== null && !KEPT.test(file.path);
  const remove = async () => {
    const outcome = await removeDraftFile(file.path, file.hash ?? "");
    setStep(outcome.ok ? "idle" : "changed");
    onChanged();
  };
  return (
    <li className={`draft-file draft-file--${file.state}`}>
      {editable ? <Link to={filePath(file.path)}>{name}</Link> : <code>{name}</code>}
      {file.state !== "same" && (
        <>
          {" "}
          <span className={`pill pill--${file.state}`}>{t(`studio.state.${file.state}`)}</span>{" "}
          {file.at !== null && (
            <span className="muted">
              {t("studio.by", {
                name: file.by ?? t("studio.someone"),
                time: formatDateTime(file.at, locale),
              })}
            </span>
          )}
        </>
      )}
      {removable && step !== "asking" && (
        <>
          {" "}
          <button
            type="button"
            className="button button--small draft-file__remove"
            aria-label={t("file.removeNamed", { name })}
            onClick={() => setStep("asking")}
          >
            {t("file.remove")}
          </button>
        </>
      )}
      {step === "asking" && (
        <Confirm
          question={t("file.removeQuestion", { name })}
          confirmLabel={t("folder.removeConfirm")}
          keepLabel={t("folder.removeKeep")}
          onConfirm={remove}
          onKeep={() => setStep("idle")}
        />
      )}
      {step === "changed" && (
        <p className="notice notice--error" role="alert">
          {t("file.changed", { name })}
        </p>
      )}
    </li>
  );
}

/** Folders that hold media: a station's or story's, the intro's, the crest's and the map's. */
const MEDIA_FOLDER = /^(stations\/\d+-[^/]+|stories\/\d+-[^/]+|intro|points|map)$/;

/** The draft's files by folder; a folder with changes is open. */
export function DraftFiles({ files, onChanged }: { files: OpsDraftFile[]; onChanged: () => void }) {
  const { t } = useI18n();
  const folders = new Map<string, OpsDraftFile[]>();
  for (const file of files) {
    const folder = folderOf(file.path);
    folders.set(folder, [...(folders.get(folder) ?? []), file]);
  }
  return (
    <section className="panel stack" aria-labelledby="draft-files">
      <h2 id="draft-files">{t("studio.files")}</h2>
      {[...folders]
        .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
        .map(([folder, inFolder]) => {
          const changed = inFolder.filter((file) => file.state !== "same").length;
          return (
            <details key={folder} className="draft-folder" open={changed > 0}>
              <summary>
                {folder === "" ? t("studio.folder.game") : <code>{folder}</code>}
                {changed > 0 && <span className="muted"> · {t("studio.state.changed")}</span>}
              </summary>
              {/^stations\/\d+-/.test(folder) &&
                inFolder.some(
                  (file) => file.path.endsWith("/station.yaml") && file.hash !== null,
                ) && (
                  <p>
                    <Link className="button button--small" to={stationPath(folder)}>
                      {t("studio.editStation", { id: Number(/\d+/.exec(folder)?.[0]) })}
                    </Link>
                  </p>
                )}
              {/^stories\/\d+-/.test(folder) &&
                inFolder.some(
                  (file) => file.path.endsWith("/story.yaml") && file.hash !== null,
                ) && (
                  <p>
                    <Link className="button button--small" to={storyPath(folder)}>
                      {t("studio.editStory", { id: Number(/\d+/.exec(folder)?.[0]) })}
                    </Link>
                  </p>
                )}
              {folder === "" && (
                <p>
                  <Link className="button button--small" to="/ops/studio?game">
                    {t("studio.editGame")}
                  </Link>{" "}
                  <Link className="button button--small" to="/ops/studio?texts">
                    {t("studio.editTexts")}
                  </Link>{" "}
                  <Link className="button button--small" to="/ops/studio?map">
                    {t("studio.editMap")}
                  </Link>
                </p>
              )}
              {MEDIA_FOLDER.test(folder) && (
                <MediaDrop folder={folder} files={inFolder} onUploaded={onChanged} />
              )}
              <ul className="draft-folder__files">
                {inFolder.map((file) => (
                  <FileRow key={file.path} file={file} onChanged={onChanged} />
                ))}
              </ul>
            </details>
          );
        })}
    </section>
  );
}
