import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { SendIcon } from "../../components/icons";
import type { MessengerState } from "../../game/messenger";
import { useGame } from "../../session/game-store";
import { ChoiceButton } from "./choice-button";
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
 * to the page each time an answer goes. A tapped button goes with its wait: the bar itself holds
 * the focus until the field takes an answer or the next buttons are there, which take it.
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
  const bar = useRef<HTMLDivElement>(null);
  // A button had the focus when it was tapped: the focus moves on to what the station asks next.
  const tapped = useRef(false);
  const enabled = messenger.inputEnabled && !sending;
  // While only buttons (or a mission) answer, a dead text field would suggest typing.
  const mission = messenger.mission !== null || messenger.waitingForHost;
  const buttonsOnly = (messenger.buttons.length > 0 || mission) && !messenger.inputEnabled;

  useEffect(() => {
    if (focusOnStart) input.current?.focus();
  }, [focusOnStart]);

  // A layout effect's cleanup runs while the bar is still in the page (and focused).
  useLayoutEffect(() => {
    const here = bar.current;
    return () => {
      if (here?.contains(document.activeElement)) onLeaveFocused(true);
    };
  }, [onLeaveFocused]);

  useLayoutEffect(() => {
    const here = bar.current;
    if (here === null) return;
    const firstChoice = here.querySelector<HTMLButtonElement>(".messenger__choices button");
    // Only buttons (or a mission) answer now: the field the focus was in hides, they take it.
    if (buttonsOnly && document.activeElement === input.current) (firstChoice ?? here).focus();
    if (!tapped.current) return;
    const focused = document.activeElement;
    const dropped = focused === null || focused === document.body;
    // The player moved the focus elsewhere meanwhile: it stays there.
    if (!dropped && !here.contains(focused)) {
      tapped.current = false;
      return;
    }
    const next = messenger.inputEnabled ? input.current : firstChoice;
    if (!sending && next !== null) {
      next.focus();
      tapped.current = false;
    } else if (dropped) {
      here.focus();
    }
  });

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
    if (sending) return;
    tapped.current = bar.current?.contains(document.activeElement) === true;
    setSending(true);
    await actions.pressButton(stationId, target);
    setSending(false);
  }

  return (
    <div
      className="messenger"
      ref={bar}
      tabIndex={-1}
      role="group"
      aria-label={t("messenger.region")}
    >
      <MissionBar
        stationId={stationId}
        mission={messenger.mission}
        waiting={messenger.waitingForHost}
      />
      {messenger.buttons.length > 0 && (
        <div className="messenger__choices" role="group" aria-label={t("messenger.choices")}>
          {messenger.buttons.map((button) => (
            <ChoiceButton
              key={button.target}
              button={button}
              busy={sending}
              onPress={(target) => void press(target)}
            />
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
