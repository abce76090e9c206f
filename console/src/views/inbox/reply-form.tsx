import { useId, useState } from "react";
import { ORGANISERS_TEXT_MAX } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { replyToPlayer } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import { OutcomeNotice } from "../../components/outcome-notice";
import type { Outcome } from "../../components/outcome-notice";

/**
 * A host's reply in a conversation: sent, the field empties; refused, what was typed stays and
 * the reason shows. Ctrl+Enter (⌘+Enter) sends; Enter alone starts a new line.
 */
export function ReplyForm({
  playerId,
  to,
  onSent,
}: {
  playerId: number;
  /** Whom the reply reaches: the team, or the player alone. */
  to: string;
  onSent: () => void;
}) {
  const texts = useI18n();
  const { t } = texts;
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const textId = useId();
  const hintId = useId();
  const send = () => {
    if (text.trim() === "" || sending) return;
    setSending(true);
    setOutcome(null);
    replyToPlayer(playerId, text).then(
      () => {
        setText("");
        setOutcome({ ok: true, text: t("inbox.sent", { name: to }) });
        setSending(false);
        onSent();
      },
      (error: unknown) => {
        setOutcome({ ok: false, text: errorText(error, texts) });
        setSending(false);
      },
    );
  };
  return (
    <form
      className="chat__speak stack"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={textId}>{t("inbox.reply", { name: to })}</label>
      <textarea
        id={textId}
        value={text}
        rows={4}
        maxLength={ORGANISERS_TEXT_MAX}
        aria-describedby={hintId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            send();
          }
        }}
      />
      <p id={hintId} className="hint">
        {t("inbox.replyHint", { length: text.length, max: ORGANISERS_TEXT_MAX })}
      </p>
      <div className="chat__actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t("inbox.sending") : t("inbox.send")}
        </button>
      </div>
      <OutcomeNotice outcome={outcome} />
    </form>
  );
}
