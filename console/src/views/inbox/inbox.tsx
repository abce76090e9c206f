import type { OpsInbox } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getInbox } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import { useLiveState } from "../../live/live-context";
import { useCall } from "../../lib/use-call";
import { useSearch } from "../../routes/router";
import { Conversation } from "./conversation";
import { ConversationList } from "./conversation-list";
import "./inbox.css";

/** The player of `?player=<id>`: the conversation shown; null for none. */
function chosenPlayer(search: URLSearchParams): number | null {
  const id = Number(search.get("player"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The players' messages to the organisers (the hosts' inbox): the conversations, open ones
 * first, and with `?player=<id>` that player's conversation, marked read as it shows, with a
 * reply. Both are read again whenever the live stream's figures of the inbox change, so a new
 * message appears in the list and in the open conversation; on a phone the list gives way to
 * the conversation chosen.
 */
export function InboxView() {
  const texts = useI18n();
  const { t } = texts;
  const [{ inbox: summary }] = useLiveState();
  const chosen = chosenPlayer(useSearch());
  const inbox = useCall<OpsInbox>(`${summary?.newest ?? "-"}:${summary?.unread ?? "-"}`, (signal) =>
    getInbox(signal),
  );
  const data = inbox.data;
  // The stream's figures are the newest; the list's until the stream told.
  const figures = summary ?? data;
  return (
    <div className="stack">
      <div className="page__head">
        <h1 tabIndex={-1}>{t("nav.inbox")}</h1>
        {figures !== undefined && (
          <p className="muted" role="status">
            {t("inbox.summary", { open: figures.open, unread: figures.unread })}
          </p>
        )}
      </div>
      {inbox.error !== undefined && (
        <p className="notice notice--error" role="alert">
          {errorText(inbox.error, texts)}
        </p>
      )}
      <div className={chosen === null ? "inbox" : "inbox inbox--chosen"}>
        <section className="inbox__list" aria-label={t("inbox.list")} aria-busy={inbox.pending}>
          {data === undefined ? (
            inbox.pending && <p>{t("app.loading")}</p>
          ) : data.conversations.length === 0 ? (
            <p className="muted">{t("inbox.empty")}</p>
          ) : (
            <ConversationList conversations={data.conversations} chosen={chosen} />
          )}
        </section>
        {chosen !== null ? (
          <Conversation
            key={chosen}
            playerId={chosen}
            changed={summary?.newest ?? 0}
            onRead={inbox.reload}
          />
        ) : (
          data !== undefined &&
          data.conversations.length > 0 && (
            <p className="inbox__choose muted">{t("inbox.choose")}</p>
          )
        )}
      </div>
    </div>
  );
}
