import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { HelpEntry } from "@wegmarke/protocol";
import { ChevronIcon } from "../../components/icons";
import { RichText } from "../../components/rich-text";
import { helpEntries } from "../../game/info-pages";
import { useSession } from "../../session/session";
import "./help.css";

const fallbackKeys = ["start", "answer", "points", "stories", "location"] as const;

/**
 * Tips and help (/webapp/help): an accordion of questions, the way to the organisers for what
 * it does not answer (signed in), and the way back to the intro.
 */
export function HelpScreen() {
  const { t } = useTranslation();
  const { content, token } = useSession();
  const fallback: HelpEntry[] = fallbackKeys.map((key) => ({
    headline: t(`help.entries.${key}.headline`),
    text: t(`help.entries.${key}.text`),
  }));
  const entries = helpEntries(content?.help, fallback);

  return (
    <div className="help">
      <p className="help__intro">{t("help.intro")}</p>
      <div className="accordion">
        {entries.map((entry, index) => (
          <details key={index} className="accordion__item" name="help">
            <summary className="accordion__summary">
              <span>{entry.headline}</span>
              <ChevronIcon className="accordion__icon" />
            </summary>
            <div className="accordion__panel">
              {entry.text.split(/\n\s*\n/).map((paragraph, part) => (
                <p key={part}>
                  <RichText text={paragraph.trim()} />
                </p>
              ))}
            </div>
          </details>
        ))}
      </div>
      {token !== null && (
        <div className="card help__organisers">
          <p>{t("organisers.helpText")}</p>
          <Link className="button button--primary button--block" to="/organisers">
            {t("organisers.write")}
          </Link>
        </div>
      )}
      {/* Signed out, the intro asks for a sign-in first and then shows itself. */}
      <Link className="button button--secondary button--block" to="/intro">
        {t("help.toIntro")}
      </Link>
    </div>
  );
}
