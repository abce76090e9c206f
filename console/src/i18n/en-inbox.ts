/** The English texts of the inbox (views/inbox/), part of en.ts. */
export const enInbox = {
  "inbox.summary": "{open} open, {unread} unread",
  "inbox.empty": "No messages yet. What players write to the organisers appears here.",
  "inbox.list": "Conversations",
  "inbox.choose": "Choose a conversation to read and answer it.",
  "inbox.team": "in team “{team}”",
  "inbox.open": "open",
  "inbox.answered": "answered",
  "inbox.answeredBy": "answered by {name}",
  "inbox.unread_one": "{count} unread",
  "inbox.unread_other": "{count} unread",
  "inbox.tabUnread_one": "{count} unread message",
  "inbox.tabUnread_other": "{count} unread messages",
  "inbox.back": "Back to the conversations",
  "inbox.headingTeam": "{name} (team “{team}”)",
  "inbox.gameChat": "See the chat in the game",
  "inbox.messages": "Messages",
  "inbox.noMessages": "No messages yet.",
  "inbox.organisers": "Organisers",
  "inbox.new": "new",
  "inbox.reply": "Reply to {name}",
  "inbox.replyHint": "Ctrl+Enter sends. {length} of {max} characters.",
  "inbox.send": "Send reply",
  "inbox.sending": "Sending…",
  "inbox.sent": "Sent: {name} sees the reply in the app.",
} as const;

export type InboxKey = keyof typeof enInbox;
