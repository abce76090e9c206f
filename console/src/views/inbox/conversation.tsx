import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { OpsConversationView, OpsInboxMessage } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getConversation, markConversationRead } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import { formatWhen } from "../../lib/format";
import { useCall } from "../../lib/use-call";
import { usePageVisible } from "../../lib/use-page-visible";
import { Link } from "../../routes/router";
import { ReplyForm } from "./reply-form";

type Props = {
  playerId: number;
  /** The live stream's newest message of the inbox: the conversation is read again on a change. */
  changed: number;
  /** After the conversation was marked read: the list reads its counts again. */
  onRead: () => void;
};

/** Whether a message of the players came after what hosts have read. */
const isUnread = (message: OpsInboxMessage, hostRead: number | null) =>
  message.from === "player" && message.id > (hostRead ?? 0);

/**
 * One conversation with the organisers: the players' messages on the left under the member's
 * name, the hosts' on the right under the operator's (a photo as its thumbnail, above its
 * text), a link to the player's chat in the game and a reply. Shown with unread messages (and
 * the page in view), it is marked read up to its newest message for every host.
 */
export function Conversation({ playerId, changed, onRead }: Props) {
  const texts = useI18n();
  const { t, locale } = texts;
  const [sent, setSent] = useState(0);
  const view = useCall<OpsConversationView>(`${playerId}:${changed}:${sent}`, (signal) =>
    getConversation(playerId, signal),
  );
  const data = view.data;
  const visible = usePageVisible();
  const marked = useRef(0);
  const read = useEffectEvent(onRead);
  useEffect(() => {
    if (data === undefined || !visible) return;
    const newest = data.messages.at(-1)?.id ?? 0;
    if (newest <= marked.current || !data.messages.some((m) => isUnread(m, data.hostRead))) return;
    marked.current = newest;
    markConversationRead(playerId, newest).then(
      () => read(),
      // The next reading of the conversation tries again.
      () => {
        marked.current = 0;
      },
    );
  }, [data, visible, playerId]);

  // Opened, the conversation's heading takes the focus: on a phone it replaces the list.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = data !== undefined;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  const participant = data?.participant;
  return (
    <section className="inbox__conversation stack" aria-busy={view.pending}>
      <p className="inbox__back">
        <Link to="/ops/inbox">{t("inbox.back")}</Link>
      </p>
      {view.error !== undefined && (
        <p className="notice notice--error" role="alert">
          {errorText(view.error, texts)}
        </p>
      )}
      {data === undefined || participant === undefined ? (
        view.pending && <p>{t("app.loading")}</p>
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1}>
            {participant.team === null
              ? participant.name
              : t("inbox.headingTeam", { name: participant.name, team: participant.team })}
          </h2>
          <p>
            <Link to={`/ops/players?player=${playerId}`}>{t("inbox.gameChat")}</Link>
          </p>
          {data.messages.length === 0 ? (
            <p className="muted">{t("inbox.noMessages")}</p>
          ) : (
            <div className="chat">
              <ol className="chat__lines" aria-label={t("inbox.messages")}>
                {data.messages.map((message) => (
                  <li
                    key={message.id}
                    className={
                      message.from === "host" ? "chat__line chat__line--own" : "chat__line"
                    }
                  >
                    <span className="chat__from">
                      {message.name ??
                        (message.from === "host" ? t("inbox.organisers") : participant.name)}
                      {isUnread(message, data.hostRead) && (
                        <span className="pill pill--unread inbox__new">{t("inbox.new")}</span>
                      )}
                    </span>
                    <time className="chat__time" dateTime={message.at}>
                      {formatWhen(message.at, locale)}
                    </time>
                    {message.photo !== undefined && (
                      <MessagePhoto photo={message.photo} name={message.name} />
                    )}
                    {message.text !== "" && <span className="chat__text">{message.text}</span>}
                  </li>
                ))}
              </ol>
            </div>
          )}
          <ReplyForm
            playerId={playerId}
            to={participant.team ?? participant.name}
            onSent={() => setSent((n) => n + 1)}
          />
        </>
      )}
    </section>
  );
}

/** A message's photo: its thumbnail, a link to the photo in full size in a new tab. */
function MessagePhoto({
  photo,
  name,
}: {
  photo: NonNullable<OpsInboxMessage["photo"]>;
  name: string | null;
}) {
  const { t } = useI18n();
  return (
    <a
      className="inbox__photo"
      href={photo.url}
      target="_blank"
      rel="noopener"
      aria-label={name === null ? t("inbox.photoOpen") : t("inbox.photoFromOpen", { name })}
    >
      <img
        src={photo.thumb}
        alt={name === null ? t("inbox.photo") : t("inbox.photoFrom", { name })}
        loading="lazy"
      />
    </a>
  );
}
