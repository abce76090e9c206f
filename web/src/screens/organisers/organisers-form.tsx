import { useId, useRef, useState } from "react";
import type { FormEvent, KeyboardEvent } from "react";
import { ErrorReason, ORGANISERS_TEXT_MAX } from "@wegmarke/protocol";
import type { ApiError } from "@wegmarke/protocol";
import { useTranslation } from "../../i18n/use-translation";
import { toApiError } from "../../api/api-error";
import { apiErrorKey } from "../../api/api-error-key";
import { SendIcon } from "../../components/icons";
import { charactersLeft, cleanMessageText, sendableText } from "../../game/organisers";
import { useOrganisers } from "../../session/organisers";
import { PhotoButton, PhotoPreview, photoData, useChosenPhoto } from "./photo-choice";
import "../station/messenger.css";

type ErrorKey =
  | "organisers.tooMany"
  | "organisers.photoTooLarge"
  | "organisers.photoUnsupported"
  | ReturnType<typeof apiErrorKey>;

/**
 * A refused message in words: a 429 of this call is the player's hourly limit
 * (`too many messages`; the code's own text is about SMS links), a 413 a photo too large (the
 * app's own check too), a 415 (`unsupported file`) or 400 of a message with a photo the photo
 * (its text is checked before it goes), any other as elsewhere.
 */
function errorKey(error: ApiError, withPhoto: boolean): ErrorKey {
  if (error.code === "429" || error.reason === ErrorReason.tooManyMessages) {
    return "organisers.tooMany";
  }
  if (error.code === "413" || error.reason === ErrorReason.fileTooLarge) {
    return "organisers.photoTooLarge";
  }
  if (
    error.reason === ErrorReason.unsupportedFile ||
    (withPhoto && (error.code === "400" || error.code === "415"))
  ) {
    return "organisers.photoUnsupported";
  }
  return apiErrorKey(error.code, error.reason);
}

/**
 * The field to write to the organisers, at the bottom of their conversation: several lines and
 * a photo, sent by its button (or Ctrl+Enter). While a message goes the field holds still; a
 * refused one stays in it, photo and all, with the reason above it.
 */
export function OrganisersForm() {
  const { t } = useTranslation();
  const { send } = useOrganisers();
  const [text, setText] = useState("");
  const [photo, choosePhoto] = useChosenPhoto();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const counterId = useId();
  const errorId = useId();
  const left = charactersLeft(text);
  const ready = !sending && sendableText(text, photo !== null);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!ready) return;
    const focused = document.activeElement === field.current;
    setSending(true);
    setError(null);
    try {
      const message = cleanMessageText(text);
      const data = photo === null ? undefined : await photoData(photo.file);
      await send({
        ...(message !== "" && { text: message }),
        ...(data !== undefined && { photo: data }),
      });
      setText("");
      choosePhoto(null);
    } catch (failure) {
      setError(errorKey(toApiError(failure), photo !== null));
    } finally {
      setSending(false);
    }
    if (focused) field.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    void submit();
  }

  const described = [left !== null && counterId, error !== null && errorId].filter(Boolean);
  return (
    <form className="messenger organisers__form" onSubmit={(event) => void submit(event)}>
      {error !== null && (
        <p id={errorId} className="form-error" role="alert">
          {t(error)}
        </p>
      )}
      {photo !== null && (
        <PhotoPreview
          photo={photo}
          disabled={sending}
          onRemove={() => {
            choosePhoto(null);
            setError(null);
          }}
        />
      )}
      <label htmlFor={fieldId} className="visually-hidden">
        {t("organisers.label")}
      </label>
      <div className="messenger__form">
        <PhotoButton
          disabled={sending}
          onFile={(file) => {
            choosePhoto(file);
            setError(null);
          }}
        />
        <textarea
          id={fieldId}
          ref={field}
          className="organisers__field"
          rows={2}
          maxLength={ORGANISERS_TEXT_MAX}
          placeholder={t("organisers.placeholder")}
          value={text}
          readOnly={sending}
          aria-disabled={sending}
          aria-describedby={described.length > 0 ? described.join(" ") : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="messenger__send" disabled={!ready}>
          <SendIcon />
          <span>{t(sending ? "organisers.sending" : "organisers.send")}</span>
        </button>
      </div>
      {left !== null && (
        <p id={counterId} className="organisers__counter">
          {t("organisers.left", { count: left })}
        </p>
      )}
    </form>
  );
}
