import type { OpsConversation, OpsInboxMessage } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import type { Texts } from "../../i18n/i18n";
import { formatWhen } from "../../lib/format";
import { Link } from "../../routes/router";

/** How much of the last message the list shows. */
export const EXCERPT_LENGTH = 90;

/** `text` on one line, cut to EXCERPT_LENGTH characters. */
export function excerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= EXCERPT_LENGTH ? line : `${line.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/** The list's line for the last message: its excerpt, marked as a photo when it has one. */
function lastLine(last: OpsInboxMessage, { t }: Texts): string {
  const text = excerpt(last.text);
  if (last.photo === undefined) return text;
  return text === "" ? t("inbox.photo") : t("inbox.lastPhoto", { text });
}

/** The conversations as the server orders them, each a link that opens it. */
export function ConversationList({
  conversations,
  chosen,
}: {
  conversations: OpsConversation[];
  chosen: number | null;
}) {
  const texts = useI18n();
  const { t, tn, locale } = texts;
  return (
    <ul className="inbox__items">
      {conversations.map(({ participant, last, unread, state, answeredBy }) => (
        <li key={participant.playerId}>
          <Link
            className={`inbox__item inbox__item--${state}`}
            to={`/ops/inbox?player=${participant.playerId}`}
            {...(participant.playerId === chosen && { "aria-current": "true" as const })}
          >
            <span className="inbox__who">
              <strong>{participant.name}</strong>
              {participant.team !== null && (
                <span className="muted">{t("inbox.team", { team: participant.team })}</span>
              )}
            </span>
            <time className="inbox__time" dateTime={last.at}>
              {formatWhen(last.at, locale)}
            </time>
            <span className="inbox__last">{lastLine(last, texts)}</span>
            <span className="inbox__state">
              {state === "open" ? (
                <span className="pill pill--open">{t("inbox.open")}</span>
              ) : (
                <span className="pill">
                  {answeredBy === null
                    ? t("inbox.answered")
                    : t("inbox.answeredBy", { name: answeredBy })}
                </span>
              )}
              {unread > 0 && (
                <span className="pill pill--unread">{tn("inbox.unread", unread)}</span>
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
