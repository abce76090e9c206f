import { Suspense, useId, useState } from "react";
import { SubmissionContent } from "./submission-content";
import { useTranslation } from "../i18n/use-translation";
import { mediaType } from "@wegmarke/protocol";
import type { Message } from "../game/play-state";
import { assetUrl } from "../lib/asset-url";
import { lazyComponent } from "../lib/lazy-component";
import { MediaBoundary } from "./media-boundary";
import type { MediaProps, RatioReport } from "./media-players";
import { Modal } from "./modal";
import { Picture } from "./picture";
import { RichText } from "./rich-text";
import "./message-content.css";

/** Reports how much of a message's audio or video was played (`player/medium/progress`). */
export type ProgressReport = (message: Message, ratio: number) => void;

/** A picture in the chat, as wide as a bubble; tapped, it opens at full size. */
function ZoomableImage({
  assetsBase,
  path,
  alt,
}: {
  assetsBase: string;
  path: string;
  alt: string;
}) {
  const { t } = useTranslation();
  const src = assetUrl(assetsBase, path);
  const [zoomed, setZoomed] = useState(false);
  const titleId = useId();
  return (
    <>
      <button type="button" className="media-image" onClick={() => setZoomed(true)}>
        <Picture
          assetsBase={assetsBase}
          path={path}
          sizes="min(260px, 64vw)"
          alt={alt}
          loading="lazy"
        />
        <span className="visually-hidden">{t("messages.zoom")}</span>
      </button>
      {zoomed && (
        <Modal labelledBy={titleId} onCancel={() => setZoomed(false)} className="modal--image">
          <h2 id={titleId} className="visually-hidden">
            {alt}
          </h2>
          <img className="modal__image" src={src} alt={alt} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setZoomed(false)}
          >
            {t("messages.close")}
          </button>
        </Modal>
      )}
    </>
  );
}

// The players load with the first audio or video message (docs/performance.md).
const ReportedAudio = lazyComponent(() =>
  import("./media-players").then((module) => module.ReportedAudio),
);
const ReportedVideo = lazyComponent(() =>
  import("./media-players").then((module) => module.ReportedVideo),
);

/** Holds a player's place while its code loads. */
function MediaLoading() {
  const { t } = useTranslation();
  return <p className="media-loading">{t("app.loading")}</p>;
}

/** An audio or video player, loaded on first use, in a boundary of its own. */
function Player({ kind, ...props }: MediaProps & { kind: "audio" | "video" }) {
  const Component = kind === "audio" ? ReportedAudio : ReportedVideo;
  return (
    <MediaBoundary reload={Component.preload}>
      <Suspense fallback={<MediaLoading />}>
        <Component {...props} />
      </Suspense>
    </MediaBoundary>
  );
}

type MessageContentProps = {
  message: Message;
  assetsBase: string;
  onProgress?: ProgressReport;
};

/** A message's content by its media type: image, link, audio, video or text. */
export function MessageContent({ message, assetsBase, onProgress }: MessageContentProps) {
  const { t } = useTranslation();
  if (message.submission !== undefined) {
    const sender =
      message.author === undefined ? null : message.author || t("messages.formerTeammate");
    return <SubmissionContent submission={message.submission} sender={sender} />;
  }
  const isContent = message.type === "webcontent" || message.type === "webcontent-recommendation";
  const kind = isContent ? mediaType(message.content) : "text";
  const src = assetUrl(assetsBase, message.content);
  const report = onProgress && ((ratio: number) => onProgress(message, ratio));
  switch (kind) {
    case "image":
      return (
        <ZoomableImage
          assetsBase={assetsBase}
          path={message.content}
          alt={t("messages.image", { name: message.originator })}
        />
      );
    case "url":
      return (
        <a
          className="media-link"
          href={message.content.trim()}
          target="_blank"
          rel="noopener noreferrer"
        >
          {message.content.trim()}
        </a>
      );
    case "audio":
      return (
        <Player
          kind="audio"
          key={src}
          src={src}
          label={t("audio.from", { name: message.originator })}
          seenRatio={message.seenRatio}
          onProgress={report}
        />
      );
    case "video":
      return (
        <Player
          kind="video"
          key={src}
          src={src}
          label={t("video.from", { name: message.originator })}
          onProgress={report}
        />
      );
    case "text":
      return (
        <p className="bubble__text">
          <RichText text={message.content} />
        </p>
      );
  }
}

/**
 * An entry's own media (the station's `content`): image, link, audio, video or text. Its audio
 * and video report their progress like a message's, with the default seen ratio.
 */
export function EntryMedia({
  content,
  label,
  assetsBase,
  onProgress,
}: {
  content: string;
  label: string;
  assetsBase: string;
  onProgress?: RatioReport;
}) {
  const src = assetUrl(assetsBase, content);
  switch (mediaType(content)) {
    case "image":
      return <ZoomableImage assetsBase={assetsBase} path={content} alt={label} />;
    case "url":
      return (
        <a className="media-link" href={content.trim()} target="_blank" rel="noopener noreferrer">
          {content.trim()}
        </a>
      );
    case "audio":
      return <Player kind="audio" key={src} src={src} label={label} onProgress={onProgress} />;
    case "video":
      return <Player kind="video" key={src} src={src} label={label} onProgress={onProgress} />;
    case "text":
      return (
        <p>
          <RichText text={content} />
        </p>
      );
  }
}
