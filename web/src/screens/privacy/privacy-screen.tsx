import { useTranslation } from "../../i18n/use-translation";
import { RichText } from "../../components/rich-text";
import { accountRetentionDays } from "../../game/info-pages";
import { useSession } from "../../session/session";
import "./privacy.css";

/** The privacy notice (/webapp/privacy): the pack's text, its provider, the retention rules. */
export function PrivacyScreen() {
  const { t } = useTranslation();
  const { content, contentFailed, retryContent } = useSession();
  const privacy = content?.privacy;

  return (
    <article className="privacy">
      {content === null ? (
        <div className="privacy__missing" role="status">
          <p>{t(contentFailed ? "app.loadFailed" : "app.loading")}</p>
          {contentFailed && (
            <button type="button" className="button button--secondary" onClick={retryContent}>
              {t("app.retry")}
            </button>
          )}
        </div>
      ) : privacy === undefined ? (
        <p className="privacy__missing">{t("privacy.missing")}</p>
      ) : (
        <>
          <section className="privacy__provider" aria-labelledby="privacy-provider">
            <h2 id="privacy-provider" className="privacy__heading">
              {t("privacy.provider")}
            </h2>
            <address>
              <strong>{privacy.provider.name}</strong>
              {privacy.provider.address.map((line, index) => (
                <span key={index}>{line}</span>
              ))}
              <span>
                {t("privacy.contact")}:{" "}
                <a href={`mailto:${privacy.provider.email}`}>{privacy.provider.email}</a>
              </span>
            </address>
          </section>
          <div className="privacy__text">
            {privacy.text.split(/\n\s*\n/).map((paragraph, index) => (
              <p key={index}>
                <RichText text={paragraph.trim()} />
              </p>
            ))}
          </div>
        </>
      )}
      <section className="privacy__retention" aria-labelledby="privacy-retention">
        <h2 id="privacy-retention" className="privacy__heading">
          {t("privacy.retentionHeading")}
        </h2>
        <p>{t("privacy.retention", { days: accountRetentionDays })}</p>
        <p>{t("privacy.deletion")}</p>
      </section>
    </article>
  );
}
