import { useState } from "react";
import type { ReactNode } from "react";
import { getDraft } from "../../api/studio-api";
import { MediaChoice } from "./media-choice";
import { MediaDrop } from "./media-drop";

/** The pictures an upload takes: those the app shows. */
export const IMAGES = "image/*,.svg";

type Props = {
  label: ReactNode;
  value: string;
  options: string[];
  onChange: (value: string) => void;
  none?: string;
  preview?: boolean;
  /** The draft's folder an upload goes into (`stations/3-elisabethkirche`). */
  folder: string;
  /** How the yaml names that folder's files (`stations/3`). */
  named: string;
  /** The kinds of file an upload takes (`image/*`). */
  accept: string;
  uploadLabel: string;
};

/**
 * A medium chosen from its folder (MediaChoice), or uploaded into the folder in place and
 * chosen at once.
 */
export function MediaPick({
  folder,
  named,
  accept,
  uploadLabel,
  options,
  onChange,
  ...choice
}: Props) {
  const [uploaded, setUploaded] = useState<string[]>([]);
  // The draft's files as they are when the upload starts: one of the same name is replaced.
  const files = async () => (await getDraft()).files;
  const taken = (paths: string[]) => {
    const last = paths.at(-1);
    if (last === undefined) return;
    const path = `${named}/${last.slice(folder.length + 1)}`;
    setUploaded((before) => [...new Set([...before, path])]);
    onChange(path);
  };
  return (
    <div className="media-pick">
      <MediaChoice
        {...choice}
        options={[...new Set([...options, ...uploaded])]}
        onChange={onChange}
      />
      <MediaDrop
        folder={folder}
        files={files}
        onUploaded={taken}
        accept={accept}
        single
        label={uploadLabel}
      />
    </div>
  );
}
