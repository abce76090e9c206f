import { useEffect, useRef } from "react";
import { getDraft } from "../../api/studio-api";
import { useI18n } from "../../i18n/i18n";
import { useCall } from "../../lib/use-call";
import { MediaChoice } from "./media-choice";
import { MediaDrop } from "./media-drop";

const SHOWN = /\.(jpe?g|png|gif|webp|avif|svg|mp3|mp4|webm)$/i;
const PICTURE = /\.(jpe?g|png|gif|webp|avif|svg)$/i;

/**
 * A picture, sound or video of the script's station, as a script names it
 * (`stations/3/bild.jpg` for `stations/3-kirche/bild.jpg`): chosen from the folder's files or
 * uploaded there in place, and then chosen.
 */
export function StationMedia({
  script,
  value,
  onChange,
}: {
  script: string;
  value: string;
  onChange: (path: string) => void;
}) {
  const { t } = useI18n();
  const folder = script.split("/").slice(0, -1).join("/");
  const id = /^stations\/(\d+)-/.exec(`${folder}-`)?.[1] ?? "";
  const draft = useCall("draft", (signal) => getDraft(signal));
  const files = (draft.data?.files ?? []).filter(
    (file) => file.state !== "removed" && file.path.startsWith(`${folder}/`),
  );
  const options = files
    .filter((file) => SHOWN.test(file.path))
    .map((file) => `stations/${id}/${file.path.slice(folder.length + 1)}`);
  // A file uploaded here is the one chosen.
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (draft.data === undefined) return;
    const added = options.filter((option) => known.current !== null && !known.current.has(option));
    known.current = new Set(options);
    if (added[0] !== undefined) onChange(added[0]);
    // Only a new listing can bring a new file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft.data]);
  return (
    <div className="stack">
      {draft.data !== undefined && options.length === 0 && (
        <p className="muted">{t("blocks.noMedia")}</p>
      )}
      <MediaChoice
        label={t("blocks.path")}
        value={value}
        options={options}
        onChange={onChange}
        none={t("blocks.choose")}
        preview={PICTURE.test(value)}
      />
      <MediaDrop folder={folder} files={files} onUploaded={draft.reload} />
    </div>
  );
}
