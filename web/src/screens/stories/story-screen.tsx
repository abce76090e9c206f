import { useEffect, useEffectEvent, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useParams } from "react-router";
import { AudioPlayer } from "../../components/audio-player";
import { CheckIcon } from "../../components/icons";
import { MediaBoundary } from "../../components/media-boundary";
import { RichText } from "../../components/rich-text";
import { activatesOnOpen, availableStories } from "../../game/stories";
import type { StoryEntry } from "../../game/stories";
import { Picture } from "../../components/picture";
import { PAGE_WIDTH, assetUrl } from "../../lib/asset-url";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import "./stories.css";

function StoryView({ entry }: { entry: StoryEntry }) {
  const { t } = useTranslation();
  const { actions } = useGame();
  const { config } = useSession();
  const { story } = entry;
  const opened = useRef(false);

  // Opening a story marks it seen and, when it is live and not done, activates it (once).
  const open = useEffectEvent(() => {
    actions.markSeen({ kind: "story", storyId: entry.id });
    if (activatesOnOpen(entry)) void actions.activateStory(entry.id);
  });
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    open();
  }, []);

  return (
    <article className="story" aria-labelledby="story-headline">
      {story.imagePath !== undefined && (
        <Picture
          className="story__image"
          assetsBase={config.assetsBase}
          path={story.imagePath}
          sizes={PAGE_WIDTH}
          alt=""
        />
      )}
      <div className="story__head">
        <p className="story__chapter">{story.chapter}</p>
        <h2 id="story-headline" className="story__headline">
          {story.headline}
        </h2>
        {entry.done && (
          <p className="story__meta">
            <span className="pill pill--done">
              <CheckIcon /> {t("stories.done")}
            </span>
          </p>
        )}
        {story.audioPath !== undefined && (
          <MediaBoundary key={story.audioPath}>
            <AudioPlayer
              className="story__audio"
              src={assetUrl(config.assetsBase, story.audioPath)}
              label={story.headline}
            />
          </MediaBoundary>
        )}
      </div>
      <div className="story__text">
        {story.text.split(/\n\s*\n/).map((paragraph, index) => (
          <p key={index}>
            <RichText text={paragraph.trim()} />
          </p>
        ))}
      </div>
      <Link className="button button--secondary button--block" to="/stories">
        {t("stories.all")}
      </Link>
    </article>
  );
}

/** A story (/webapp/stories/:id): chapter, headline, audio and text. */
export function StoryScreen() {
  const { t } = useTranslation();
  const { state } = useGame();
  const { content } = useSession();
  const storyId = Number(useParams().id);
  if (state.status === null || content === null) {
    return <p className="loading">{t("app.loading")}</p>;
  }
  const entry = availableStories(content, state.status).find(({ id }) => id === storyId);
  if (entry === undefined) {
    return (
      <div className="empty-state">
        <p>{t("unavailable.generic")}</p>
        <Link className="button button--secondary" to="/stories">
          {t("stories.all")}
        </Link>
      </div>
    );
  }
  return <StoryView key={entry.id} entry={entry} />;
}
