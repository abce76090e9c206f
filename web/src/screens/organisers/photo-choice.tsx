import { useEffect, useRef, useState } from "react";
import type { ChangeEvent } from "react";
import { ErrorReason, ORGANISERS_PHOTO_BYTES } from "@wegmarke/protocol";
import { ApiFailure } from "../../api/api-error";
import { CameraIcon, CloseIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/use-translation";
import { blobToBase64 } from "../../lib/blob-base64";
import { shrinkPhoto } from "../../lib/shrink-photo";

/** The photo chosen for the next message to the organisers, and its preview's object URL. */
export type ChosenPhoto = { file: File; preview: string };

/**
 * The photo of the message being written (null: none) and the way to choose another or none:
 * the preview's object URL is revoked once the photo is replaced, removed or sent.
 */
export function useChosenPhoto(): [ChosenPhoto | null, (file: File | null) => void] {
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  useEffect(() => {
    if (photo === null) return;
    return () => URL.revokeObjectURL(photo.preview);
  }, [photo]);
  const choose = (file: File | null) =>
    setPhoto(file === null ? null : { file, preview: URL.createObjectURL(file) });
  return [photo, choose];
}

/**
 * A chosen photo as it goes: shrunk on the phone (lib/shrink-photo.ts), in base64. One still
 * over the organisers' limit fails here as the server would refuse it (413), without a call.
 */
export async function photoData(file: File): Promise<string> {
  const shrunk = await shrinkPhoto(file);
  if (shrunk.size > ORGANISERS_PHOTO_BYTES) {
    throw new ApiFailure("413", ErrorReason.fileTooLarge);
  }
  return blobToBase64(shrunk);
}

/** The button beside the field that opens the phone's camera or gallery for a photo. */
export function PhotoButton({
  disabled,
  onFile,
}: {
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after it was removed.
    event.target.value = "";
    if (file !== undefined) onFile(file);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/*"
        aria-label={t("organisers.addPhoto")}
        onChange={picked}
      />
      <button
        type="button"
        className="organisers__add-photo"
        title={t("organisers.addPhoto")}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <CameraIcon />
        <span className="visually-hidden">{t("organisers.addPhoto")}</span>
      </button>
    </>
  );
}

/** The chosen photo small above the field, with the button that removes it from the message. */
export function PhotoPreview({
  photo,
  disabled,
  onRemove,
}: {
  photo: ChosenPhoto;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="organisers__chosen">
      <img className="organisers__preview" src={photo.preview} alt={t("organisers.chosenPhoto")} />
      <button
        type="button"
        className="organisers__remove-photo"
        disabled={disabled}
        onClick={onRemove}
      >
        <CloseIcon />
        <span>{t("organisers.removePhoto")}</span>
      </button>
    </div>
  );
}
