import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { SendIcon } from "../../components/icons";
import type { MessengerState } from "../../game/messenger";
import { useGame } from "../../session/game-store";
import { MissionBar } from "./mission-bar";
import "./messenger.css";

type MessengerProps = {
  stationId: number;
  messenger: MessengerState;
  /** The player just started the station: the answer field takes the focus. */
  focusOnStart: boolean;
  /** Called with true when the messenger goes (the station ended) while its field has the focus. */
  onLeaveFocused(focused: true): void;
};

/**
 * The answer bar at the bottom of a station: button answers and the text input. The input is
 * never disabled, only read-only while it takes nothing: a disabled field would drop the focus
 * to the page each time an answer goes.
 */
export function Messenger({ stationId, messenger, focusOnStart, onLeaveFocused }: MessengerProps) {
  const { t } = useTranslation();
  const { actions } = useGame();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  // The answer sent was the same as the last one: it did not go again.
  const [repeated, setRepeated] = useState(false);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const enabled = messenger.inputEnabled && !sending;

  useEffect(() => {
    if (focusOnStart) input.current?.focus();
  }, [focusOnStart]);

  // A layout effect's cleanup runs while the field is still in the page (and focused).
  useLayoutEffect(() => {
    const field = input.current;
    return () => {
      if (field !== null && field === document.activeElement) onLeaveFocused(true);
    };
  }, [onLeaveFocused]);
  // While only buttons (or a mission) answer, a dead text field would suggest typing.
  const mission = messenger.mission !== null || messenger.waitingForHost;
  const buttonsOnly = (messenger.buttons.length > 0 || mission) && !messenger.inputEnabled;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!enabled) return;
    // The send button gives the focus back to the field (the field keeps it after Enter).
    const focused = event.currentTarget.contains(document.activeElement);
    setSending(true);
    const outcome = await actions.answer(stationId, text);
    setSending(false);
    setRepeated(outcome === "repeated");
    if (outcome === "sent" || outcome === "queued") setText("");
    if (focused) input.current?.focus();
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
      {repeated ? (
        <p className="messenger__hint" role="status">
          {t("messenger.repeated")}
        </p>
      ) : (
        messenger.rejected &&
        messenger.inputEnabled && <p className="messenger__hint">{t("messenger.rejected")}</p>
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
          readOnly={!enabled}
          aria-disabled={!enabled}
          ref={input}
          onChange={(event) => {
            setText(event.target.value);
            setRepeated(false);
          }}
        />
        <button type="submit" className="messenger__send" disabled={!enabled}>
          <SendIcon />
          <span>{t("messenger.send")}</span>
        </button>
      </form>
    </div>
  );
}
