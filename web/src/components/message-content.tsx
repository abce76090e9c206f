import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Message } from "../game/game-state";
import { assetUrl, mediaType } from "../lib/media-type";
import { Modal } from "./modal";
import { RichText } from "./rich-text";

function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [zoomed, setZoomed] = useState(false);
  const titleId = useId();
  return (
    <>
      <button type="button" className="media-image" onClick={() => setZoomed(true)}>
        <img src={src} alt={alt} loading="lazy" />
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

/** A message's content by its media type: image, link, audio, video or text. */
export function MessageContent({ message, assetsBase }: { message: Message; assetsBase: string }) {
  const { t } = useTranslation();
  const isContent = message.type === "webcontent" || message.type === "webcontent-recommendation";
  const kind = isContent ? mediaType(message.content) : "text";
  const src = assetUrl(assetsBase, message.content);
  switch (kind) {
    case "image":
      return <ZoomableImage src={src} alt={t("messages.image", { name: message.originator })} />;
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
      return <audio className="media-audio" controls preload="metadata" src={src} />;
    case "video":
      return <video className="media-video" controls preload="metadata" playsInline src={src} />;
    case "text":
      return (
        <p className="bubble__text">
          <RichText text={message.content} />
        </p>
      );
  }
}
