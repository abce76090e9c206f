import type { MouseEvent } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { BookIcon, CheckIcon, HeadphonesIcon, StarIcon } from "../../components/icons";
import { availableStories, isUnseenStory, stationsToNextStory } from "../../game/stories";
import type { StoryEntry } from "../../game/stories";
import { Picture } from "../../components/picture";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import { useStoryOpening } from "./use-story-opening";
import "./stories.css";

type StoryCardProps = {
  entry: StoryEntry;
  unseen: boolean;
  flipping: boolean;
  assetsBase: string;
  onOpen(event: MouseEvent<HTMLAnchorElement>): void;
};

function StoryCard({ entry, unseen, flipping, assetsBase, onOpen }: StoryCardProps) {
  const { t } = useTranslation();
  const { story } = entry;
  const classes = ["story-card"];
  if (unseen) classes.push("story-card--unseen");
  if (flipping) classes.push("story-card--flipping");
  return (
    <article className={classes.join(" ")}>
      <div className="story-card__inner">
        <div className="story-card__front">
          <div className="story-card__image" aria-hidden="true">
            {story.imagePath !== undefined ? (
              <Picture
                assetsBase={assetsBase}
                path={story.imagePath}
                sizes="84px"
                alt=""
                loading="lazy"
              />
            ) : (
              <BookIcon />
            )}
          </div>
          <div className="story-card__body">
            <p className="story-card__chapter">{story.chapter}</p>
            <h2 className="story-card__title">
              <Link
                className="stretched-link"
                to={`/stories/${entry.id}`}
                onClick={onOpen}
                aria-busy={flipping}
              >
                {story.headline}
              </Link>
            </h2>
            <p className="story-card__meta">
              {unseen && <span className="pill pill--new">{t("stories.new")}</span>}
              {entry.done && (
                <span className="pill pill--done">
                  <CheckIcon /> {t("stories.done")}
                </span>
              )}
              {story.audioPath !== undefined && <HeadphonesIcon className="story-card__audio" />}
            </p>
          </div>
        </div>
        <div className="story-card__back" aria-hidden="true">
          <BookIcon />
        </div>
      </div>
    </article>
  );
}

/** The story cards (/webapp/stories): stories the player's stations with points unlock. */
export function StoriesScreen() {
  const { t } = useTranslation();
  const { state } = useGame();
  const { config, content } = useSession();
  const { flipping, open } = useStoryOpening();

  if (state.status === null) return <p className="loading">{t("app.loading")}</p>;
  const stories = availableStories(content, state.status);
  const remaining = stationsToNextStory(content, state.status);

  return (
    <div className="stories">
      <p className="stories__intro">{t("stories.intro")}</p>
      {stories.length === 0 ? (
        <div className="card card--quiet">
          <HeadphonesIcon className="card__illustration" />
          <p>{t("stories.empty")}</p>
        </div>
      ) : (
        <ul className="story-list">
          {stories.map((entry) => (
            <li key={entry.id}>
              <StoryCard
                entry={entry}
                unseen={isUnseenStory(entry, state.seen.stories)}
                flipping={flipping === entry.id}
                assetsBase={config.assetsBase}
                onOpen={(event) => open(event, entry.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {remaining !== null && (
        <p className="stories__next">{t("stories.next", { count: remaining })}</p>
      )}
      <Link className="button button--secondary button--block" to="/points">
        <StarIcon /> {t("stories.points")}
      </Link>
    </div>
  );
}
