import { useEffect, useState } from "react";
import type { Submission } from "@wegmarke/protocol";
import { fetchSubmissions } from "../../api/submission-api";
import { useTranslation } from "../../i18n/use-translation";
import { stationById } from "../../game/station-flags";
import { stationTexts } from "../../game/station-texts";
import { allSubmissionIds } from "../../game/submission-messages";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import "./gallery.css";

type Gallery = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; value: Submission[] };

const STATE_KEYS = {
  waiting: "mission.waiting",
  approved: "mission.approved",
  rejected: "mission.rejected",
} as const;

const KIND_KEYS = {
  photo: "mission.kindPhoto",
  video: "mission.kindVideo",
  voice: "mission.kindVoice",
} as const;

/**
 * What the player (in a team: every member) sent for missions (/webapp/gallery), newest first,
 * read again when a submission comes or is judged.
 */
export function GalleryScreen() {
  const { t } = useTranslation();
  const { config, token, content } = useSession();
  const { state } = useGame();
  const [gallery, setGallery] = useState<Gallery>({ kind: "loading" });
  // Every submission and verdict in the threads: the gallery follows them.
  const key = allSubmissionIds(state).join(",");

  useEffect(() => {
    if (token === null) return;
    let stopped = false;
    fetchSubmissions({ gameBase: config.gameBase, token }).then(
      (value) => {
        if (!stopped) setGallery({ kind: "ready", value: value.toReversed() });
      },
      () => {
        if (!stopped) setGallery((shown) => (shown.kind === "ready" ? shown : { kind: "failed" }));
      },
    );
    return () => {
      stopped = true;
    };
  }, [config.gameBase, token, key]);

  if (gallery.kind === "loading") return <p className="loading">{t("app.loading")}</p>;
  if (gallery.kind === "failed") {
    return (
      <div className="empty-state">
        <p role="alert">{t("gallery.failed")}</p>
      </div>
    );
  }
  if (gallery.value.length === 0) {
    return (
      <div className="empty-state">
        <p>{t("gallery.empty")}</p>
      </div>
    );
  }
  return (
    <ul className="gallery" aria-label={t("route.gallery")}>
      {gallery.value.map((item) => {
        const title = stationTexts(
          content,
          item.StationID,
          stationById(state.status, item.StationID),
        ).title;
        const kind = t(KIND_KEYS[item.Kind]);
        const who = item.Name ?? t("gallery.you");
        const label =
          item.Name === undefined
            ? t("gallery.own", { kind, station: title })
            : t("gallery.item", { kind, name: item.Name, station: title });
        return (
          <li key={item.ID} className="gallery__item">
            {item.Kind === "photo" ? (
              <a href={item.Url} target="_blank" rel="noopener noreferrer">
                <img className="gallery__photo" src={item.ThumbUrl ?? item.Url} alt={label} />
              </a>
            ) : item.Kind === "video" ? (
              <video
                className="gallery__photo"
                src={item.Url}
                controls
                preload="metadata"
                aria-label={label}
              />
            ) : (
              <audio src={item.Url} controls preload="metadata" aria-label={label} />
            )}
            <p className="gallery__caption">
              <strong>{title}</strong>
              <span>{who}</span>
              <span className={`gallery__state gallery__state--${item.State}`}>
                {t(STATE_KEYS[item.State])}
              </span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
