import { useId, useState } from "react";
import type { OpsThread } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { sendLine } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import { forgetLine, saveLine, savedLines } from "./saved-lines";
import { OutcomeNotice } from "../../components/outcome-notice";
import type { Outcome } from "../../components/outcome-notice";

/** Writes a line into the running station as one of its speakers. */
export function SpeakForm({
  playerId,
  station,
  onSent,
}: {
  playerId: number;
  station: NonNullable<OpsThread["station"]>;
  onSent: () => void;
}) {
  const texts = useI18n();
  const { t } = texts;
  const [from, setFrom] = useState(station.speakers[0] ?? "");
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [kept, setKept] = useState(savedLines);
  const fromId = useId();
  const textId = useId();
  const keptId = useId();
  return (
    <form
      className="chat__speak stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === "" || sending) return;
        setSending(true);
        sendLine(playerId, { stationId: station.id, from, text }).then(
          () => {
            setText("");
            setOutcome({ ok: true, text: t("chat.sent", { from }) });
            setSending(false);
            onSent();
          },
          (error: unknown) => {
            setOutcome({ ok: false, text: errorText(error, texts) });
            setSending(false);
          },
        );
      }}
    >
      <h2>{t("chat.speakHeading", { title: station.title })}</h2>
      <label htmlFor={fromId}>{t("chat.as")}</label>
      <select id={fromId} value={from} onChange={(event) => setFrom(event.target.value)}>
        {station.speakers.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <label htmlFor={textId}>{t("chat.text")}</label>
      <textarea
        id={textId}
        value={text}
        rows={3}
        maxLength={1000}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="chat__actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {t("chat.send")}
        </button>
        <button
          type="button"
          className="button"
          disabled={text.trim() === ""}
          onClick={() => setKept(saveLine(text))}
        >
          {t("chat.keep")}
        </button>
      </div>
      {kept.length > 0 && (
        <p id={keptId} className="muted">
          {t("chat.kept")}
        </p>
      )}
      {kept.length > 0 && (
        <ul className="chat__kept" aria-labelledby={keptId}>
          {kept.map((line) => (
            <li key={line}>
              <button type="button" className="chat__use" onClick={() => setText(line)}>
                {line}
              </button>
              <button
                type="button"
                className="button button--small"
                aria-label={t("chat.forget", { line })}
                onClick={() => setKept(forgetLine(line))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <OutcomeNotice outcome={outcome} />
    </form>
  );
}
