import { useTranslation } from "../i18n/use-translation";
import type { SentSubmission } from "../game/play-state";
import { useSubmissionLink } from "../session/submission-links";
import "./submission-content.css";

const KIND_KEYS = {
  photo: "mission.kindPhoto",
  video: "mission.kindVideo",
  voice: "mission.kindVoice",
} as const;

const STATE_KEYS = {
  waiting: "mission.waiting",
  approved: "mission.approved",
  rejected: "mission.rejected",
} as const;

/**
 * A photo, video or recording sent for a mission, in the thread: the file (its small copy for a
 * photo) once its link is read, and whether the game master has taken it.
 */
export function SubmissionContent({
  submission,
  sender,
}: {
  submission: SentSubmission;
  /** A teammate's name; null for the player's own. */
  sender: string | null;
}) {
  const { t } = useTranslation();
  const link = useSubmissionLink(submission.id);
  const kind = t(KIND_KEYS[submission.kind]);
  const label = sender === null ? kind : t("mission.sent", { kind, name: sender });
  return (
    <div className="submission">
      {submission.kind === "photo" ? (
        link?.ThumbUrl === undefined ? (
          <div className="submission__placeholder" role="img" aria-label={label} />
        ) : (
          <a href={link.Url} target="_blank" rel="noopener noreferrer">
            <img className="submission__photo" src={link.ThumbUrl} alt={label} />
          </a>
        )
      ) : submission.kind === "video" ? (
        link === undefined ? (
          <div className="submission__placeholder" role="img" aria-label={label} />
        ) : (
          <video
            className="submission__video"
            src={link.Url}
            controls
            preload="metadata"
            aria-label={label}
          />
        )
      ) : link === undefined ? (
        <p className="submission__voice">{label}</p>
      ) : (
        <audio src={link.Url} controls preload="metadata" aria-label={label} />
      )}
      <p className={`submission__state submission__state--${submission.state}`} role="status">
        {t(STATE_KEYS[submission.state])}
      </p>
    </div>
  );
}
