/** What a form's last send came to: its text, and whether it went through. */
export type Outcome = { ok: boolean; text: string };

/** A form's outcome below it: a success as a status, a failure as an alert; none: nothing. */
export function OutcomeNotice({ outcome }: { outcome: Outcome | null | undefined }) {
  if (!outcome) return null;
  return (
    <p
      className={outcome.ok ? "notice notice--success" : "notice notice--error"}
      role={outcome.ok ? "status" : "alert"}
    >
      {outcome.text}
    </p>
  );
}
