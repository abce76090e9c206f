import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { SendIcon } from "../../components/icons";
import type { MessengerState } from "../../game/messenger";
import { useGame } from "../../session/game-store";
import { MissionBar } from "./mission-bar";
import "./messenger.css";

type MessengerProps = { stationId: number; messenger: MessengerState };

/** The answer bar at the bottom of a station: button answers and the text input. */
export function Messenger({ stationId, messenger }: MessengerProps) {
  const { t } = useTranslation();
  const { actions } = useGame();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const enabled = messenger.inputEnabled && !sending;
  // While only buttons (or a mission) answer, a dead text field would suggest typing.
  const mission = messenger.mission !== null || messenger.waitingForHost;
  const buttonsOnly = (messenger.buttons.length > 0 || mission) && !messenger.inputEnabled;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!enabled) return;
    setSending(true);
    const outcome = await actions.answer(stationId, text);
    setSending(false);
    if (outcome === "sent" || outcome === "queued") setText("");
  }

  async function press(target: string) {
    setSending(true);
    await actions.pressButton(stationId, target);
    setSending(false);
  }

  return (
    <div className="messenger">
      <MissionBar
        stationId={stationId}
        mission={messenger.mission}
        waiting={messenger.waitingForHost}
      />
      {messenger.buttons.length > 0 && (
        <div className="messenger__choices" role="group" aria-label={t("messenger.choices")}>
          {messenger.buttons.map((button) => (
            <button
              key={button.target}
              type="button"
              className="choice-button"
              disabled={sending}
              onClick={() => void press(button.target)}
            >
              {button.text}
            </button>
          ))}
        </div>
      )}
      {messenger.rejected && messenger.inputEnabled && (
        <p className="messenger__hint">{t("messenger.rejected")}</p>
      )}
      <form
        className="messenger__form"
        hidden={buttonsOnly}
        onSubmit={(event) => void submit(event)}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t("messenger.label")}
        </label>
        <input
          id={inputId}
          className="messenger__input"
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={500}
          placeholder={t("messenger.placeholder")}
          value={text}
          disabled={!enabled}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="messenger__send" disabled={!enabled}>
          <SendIcon />
          <span>{t("messenger.send")}</span>
        </button>
      </form>
    </div>
  );
}
