import type { InboxKey } from "./en-inbox";

/** The German texts of the inbox (views/inbox/), part of de.ts. */
export const deInbox: Record<InboxKey, string> = {
  "inbox.summary": "{open} offen, {unread} ungelesen",
  "inbox.empty":
    "Noch keine Nachrichten. Was Spielerinnen und Spieler an die Spielleitung schreiben, erscheint hier.",
  "inbox.list": "Unterhaltungen",
  "inbox.choose": "Eine Unterhaltung wählen, um sie zu lesen und zu beantworten.",
  "inbox.team": "im Team „{team}“",
  "inbox.open": "offen",
  "inbox.answered": "beantwortet",
  "inbox.answeredBy": "beantwortet von {name}",
  "inbox.unread_one": "{count} ungelesen",
  "inbox.unread_other": "{count} ungelesen",
  "inbox.tabUnread_one": "{count} ungelesene Nachricht",
  "inbox.tabUnread_other": "{count} ungelesene Nachrichten",
  "inbox.back": "Zurück zu den Unterhaltungen",
  "inbox.headingTeam": "{name} (Team „{team}“)",
  "inbox.gameChat": "Chat im Spiel ansehen",
  "inbox.messages": "Nachrichten",
  "inbox.noMessages": "Noch keine Nachrichten.",
  "inbox.organisers": "Spielleitung",
  "inbox.new": "neu",
  "inbox.reply": "Antwort an {name}",
  "inbox.replyHint": "Strg+Enter sendet. {length} von {max} Zeichen.",
  "inbox.send": "Antwort senden",
  "inbox.sending": "Wird gesendet …",
  "inbox.sent": "Gesendet: {name} sieht die Antwort in der App.",
};
