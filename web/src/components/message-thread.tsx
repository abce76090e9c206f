import { Fragment, useEffect, useRef } from "react";
import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { Message } from "../game/play-state";
import { formatTime } from "../lib/time";
import { MessageContent } from "./message-content";
import type { ProgressReport } from "./message-content";
import "./message-thread.css";

type MessageThreadProps = {
  messages: Message[];
  /** The first message that was unread when the thread was opened: "new messages" goes above. */
  firstNewId: number | null;
  /** Who is writing right now, or null. */
  writer: string | null;
  /** Who writes again later (the server holds a message back), or null. */
  pending?: string | null;
  /** Scroll to the end when this changes: answers offered, an answer rejected, ... */
  scrollKey: string;
  assetsBase: string;
  /** Reports audio and video progress; without it nothing is reported. */
  onProgress?: ProgressReport;
  /** Shown while there is no message; null shows nothing, undefined the default text. */
  emptyText?: string | null;
  /** What a message links to below its content (a recommendation's station), or null. */
  linkOf?: (message: Message) => ReactNode;
  /** Shown after the messages: what the player is sending right now. */
  children?: ReactNode;
};

type MessageBubbleProps = {
  message: Message;
  assetsBase: string;
  onProgress?: ProgressReport;
  link?: ReactNode;
};

function MessageBubble({ message, assetsBase, onProgress, link }: MessageBubbleProps) {
  const { t } = useTranslation();
  // The player's side: the own answers, and in a team a teammate's, named and set apart.
  const echo = message.originator === "user";
  const teammate = echo && message.author !== undefined;
  const own = echo && !teammate;
  const name = echo
    ? message.author === ""
      ? t("messages.formerTeammate")
      : message.author
    : message.originator;
  return (
    <div
      className={teammate ? "bubble bubble--teammate" : echo ? "bubble bubble--own" : "bubble"}
      data-testid="message"
      data-originator={message.originator}
      {...(teammate && { "data-author": message.author })}
    >
      {name !== undefined && <span className="bubble__name">{name}</span>}
      {own && <span className="visually-hidden">{t("messages.you")}: </span>}
      <MessageContent message={message} assetsBase={assetsBase} onProgress={onProgress} />
      {link}
      <p className="bubble__meta">
        <time className="bubble__time" dateTime={message.timestamp}>
          {formatTime(message.timestamp)}
        </time>
      </p>
    </div>
  );
}

/** A station's chat: the log of messages and, below it, who is writing. */
export function MessageThread({
  messages,
  firstNewId,
  writer,
  pending = null,
  scrollKey,
  assetsBase,
  onProgress,
  emptyText,
  linkOf,
  children,
}: MessageThreadProps) {
  const { t } = useTranslation();
  const newRef = useRef<HTMLDivElement>(null);
  const opened = useRef(false);

  useEffect(() => {
    const firstTime = !opened.current;
    opened.current = true;
    if (firstTime && newRef.current !== null) {
      newRef.current.scrollIntoView?.({ block: "start" });
      return;
    }
    // The thread ends the page: at the bottom its last message sits right above the messenger.
    const page = document.scrollingElement;
    page?.scrollTo?.({ top: page.scrollHeight, behavior: firstTime ? "instant" : "smooth" });
  }, [messages.length, writer, pending, scrollKey]);

  return (
    <div className="thread">
      <div className="thread__log" role="log" aria-live="polite" aria-label={t("messages.log")}>
        {messages.length === 0 && writer === null && emptyText !== null && (
          <p className="thread__empty">{emptyText ?? t("messages.empty")}</p>
        )}
        {messages.map((message) => (
          <Fragment key={message.id}>
            {message.id === firstNewId && (
              <div className="thread__new" ref={newRef}>
                <span>{t("messages.newMessages")}</span>
              </div>
            )}
            <MessageBubble
              message={message}
              assetsBase={assetsBase}
              onProgress={onProgress}
              link={linkOf?.(message)}
            />
          </Fragment>
        ))}
        {children}
      </div>
      <div className="thread__typing">
        {writer !== null && (
          <p className="typing" role="status">
            <span className="typing__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t("messages.writing", { name: writer })}
          </p>
        )}
        {writer === null && pending !== null && (
          <p className="typing" role="status">
            {t("messages.pending", { name: pending })}
          </p>
        )}
      </div>
    </div>
  );
}
