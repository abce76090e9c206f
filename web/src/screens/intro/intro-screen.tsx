import { useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { IntroStep } from "@wegmarke/protocol";
import { ChevronIcon } from "../../components/icons";
import { RichText } from "../../components/rich-text";
import { introSteps } from "../../game/info-pages";
import { Picture } from "../../components/picture";
import { PAGE_WIDTH } from "../../lib/asset-url";
import { useSession } from "../../session/session";
import "./intro.css";

const fallbackKeys = ["s1", "s2", "s3", "s4"] as const;

/** The intro (/webapp/intro): 4 steps with a counter, back and next, then on to the stories. */
export function IntroScreen() {
  const { t } = useTranslation();
  const { config, content } = useSession();
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fallback: IntroStep[] = fallbackKeys.map((key) => ({
    headline: t(`intro.steps.${key}.headline`),
    text: t(`intro.steps.${key}.text`),
  }));
  const steps = introSteps(content?.intro, fallback);
  const step = steps[index];
  if (step === undefined) return null;
  const last = index === steps.length - 1;

  function go(next: number) {
    setIndex(next);
    // The new step's heading takes the focus, so that it is read out.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  return (
    <section className="intro" aria-labelledby="intro-headline">
      <div className="intro__card" key={index}>
        {step.imagePath !== undefined ? (
          <Picture
            className="intro__image"
            assetsBase={config.assetsBase}
            path={step.imagePath}
            sizes={PAGE_WIDTH}
            alt=""
          />
        ) : (
          <div className={`intro__art intro__art--${index + 1}`} aria-hidden="true">
            <span>{index + 1}</span>
          </div>
        )}
        <p className="intro__counter">
          {t("intro.step", { step: index + 1, count: steps.length })}
        </p>
        <h2 id="intro-headline" className="intro__headline" ref={headingRef} tabIndex={-1}>
          {step.headline}
        </h2>
        <p className="intro__text">
          <RichText text={step.text} />
        </p>
      </div>
      <ol className="intro__dots" aria-hidden="true">
        {steps.map((_, dot) => (
          <li
            key={dot}
            className={dot === index ? "intro__dot intro__dot--active" : "intro__dot"}
          />
        ))}
      </ol>
      <div className="intro__nav">
        <button
          type="button"
          className="button button--secondary"
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          <ChevronIcon className="icon--flip" /> {t("intro.previous")}
        </button>
        {last ? (
          <Link className="button button--primary" to="/stories">
            {t("intro.toStories")}
          </Link>
        ) : (
          <button type="button" className="button button--primary" onClick={() => go(index + 1)}>
            {t("intro.next")} <ChevronIcon />
          </button>
        )}
      </div>
      <p className="intro__links">
        <Link to="/stories">{t("intro.toStory")}</Link>
        <Link to="/station">{t("intro.toStations")}</Link>
      </p>
    </section>
  );
}
