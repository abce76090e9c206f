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
import "../station/messenger.css";

const TOO_MANY = "429";

/**
 * A refused message in words: a 429 of this call is the player's hourly limit
 * (`too many messages`; the code's own text is about SMS links), any other as elsewhere.
 */
function useErrorText(): (error: ApiError) => string {
  const { t } = useTranslation();
  return (error) =>
    error.code === TOO_MANY || error.reason === ErrorReason.tooManyMessages
      ? t("organisers.tooMany")
      : t(apiErrorKey(error.code, error.reason));
}

/**
 * The field to write to the organisers, at the bottom of their conversation: several lines,
 * sent by its button (or Ctrl+Enter). While a message goes the field holds still; a refused
 * one stays in it, with the reason above it.
 */
export function OrganisersForm() {
  const { t } = useTranslation();
  const { send } = useOrganisers();
  const errorText = useErrorText();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const counterId = useId();
  const errorId = useId();
  const left = charactersLeft(text);
  const ready = !sending && sendableText(text);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!ready) return;
    const focused = document.activeElement === field.current;
    setSending(true);
    setError(null);
    try {
      await send(cleanMessageText(text));
      setText("");
    } catch (failure) {
      setError(toApiError(failure));
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
          {errorText(error)}
        </p>
      )}
      <label htmlFor={fieldId} className="visually-hidden">
        {t("organisers.label")}
      </label>
      <div className="messenger__form">
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
