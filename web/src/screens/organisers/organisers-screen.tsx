import { useEffect, useRef } from "react";
import type { Language, OrganisersMessage } from "@wegmarke/protocol";
import { useTranslation } from "../../i18n/use-translation";
import { Loading } from "../../components/loading";
import { newestMessageId, writerOf } from "../../game/organisers";
import { intlLocale } from "../../lib/intl-locale";
import { formatTime } from "../../lib/time";
import { usePageVisible } from "../../lib/use-page-visible";
import { useOrganisers } from "../../session/organisers";
import { useSession } from "../../session/session";
import { MessagePhoto } from "./message-photo";
import { OrganisersForm } from "./organisers-form";
import "../../components/message-thread.css";
import "./organisers.css";

/** A message's time: HH:MM today, with its day before. */
function messageTime(timestamp: string, language: Language): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "";
  if (date.toDateString() === new Date().toDateString()) return formatTime(timestamp);
  const day = new Intl.DateTimeFormat(intlLocale(language), { day: "numeric", month: "numeric" });
  return `${day.format(date)} ${formatTime(timestamp)}`;
}

function Bubble({ message, language }: { message: OrganisersMessage; language: Language }) {
  const { t } = useTranslation();
  const writer = writerOf(message);
  // As in a station's chat: the player's side on the right, a teammate's set apart by name.
  const className = {
    organisers: "bubble bubble--organisers",
    own: "bubble bubble--own",
    teammate: "bubble bubble--teammate",
  }[writer.kind];
  const name =
    writer.kind === "organisers"
      ? t("organisers.from")
      : writer.kind === "teammate"
        ? (writer.name ?? t("messages.formerTeammate"))
        : null;
  return (
    <div className={className} data-testid="organisers-message" data-writer={writer.kind}>
      {name !== null && <span className="bubble__name">{name}</span>}
      {writer.kind === "own" && <span className="visually-hidden">{t("messages.you")}: </span>}
      {message.Photo !== undefined && (
        <MessagePhoto
          photo={message.Photo}
          label={
            writer.kind === "teammate" && writer.name !== null
              ? t("organisers.photoFrom", { name: writer.name })
              : t("organisers.photo")
          }
        />
      )}
      {message.Text !== "" && <p className="organisers__text">{message.Text}</p>}
      <p className="bubble__meta">
        <time className="bubble__time" dateTime={message.Timestamp}>
          {messageTime(message.Timestamp, language)}
        </time>
      </p>
    </div>
  );
}

/**
 * /webapp/organisers: the player's (or the team's) conversation with the organisers as a chat,
 * and the field to write to them. New messages come live by the stream; while the page is on
 * the screen, what it shows counts as read.
 */
export function OrganisersScreen() {
  const { t } = useTranslation();
  const { language } = useSession();
  const { messages, read, load, ensureLoaded, reload, markRead } = useOrganisers();
  const visible = usePageVisible();
  const newest = newestMessageId(messages);
  const shown = useRef(false);

  // The stream reads the conversation when it opens; without it (offline), the screen does.
  useEffect(ensureLoaded, [ensureLoaded]);

  useEffect(() => {
    if (visible && newest !== null && newest > (read ?? 0)) markRead(newest);
  }, [visible, newest, read, markRead]);

  useEffect(() => {
    if (newest === null) return;
    // The conversation ends the page: its newest message sits right above the field.
    const page = document.scrollingElement;
    page?.scrollTo?.({ top: page.scrollHeight, behavior: shown.current ? "smooth" : "instant" });
    shown.current = true;
  }, [newest]);

  return (
    <div className="organisers">
      <div className="thread">
        <div className="thread__log" role="log" aria-live="polite" aria-label={t("organisers.log")}>
          {messages.length === 0 && load === "loaded" && (
            <p className="thread__empty">{t("organisers.empty")}</p>
          )}
          {messages.map((message) => (
            <Bubble key={message.ID} message={message} language={language} />
          ))}
        </div>
        {messages.length === 0 && load === "waiting" && <Loading />}
        {messages.length === 0 && load === "failed" && (
          <div className="empty-state">
            <p role="alert">{t("organisers.failed")}</p>
            <button type="button" className="button button--secondary" onClick={reload}>
              {t("app.retry")}
            </button>
          </div>
        )}
      </div>
      <OrganisersForm />
    </div>
  );
}
