import type { OpsNewsAudience, OpsNewsRequest } from "@wegmarke/protocol";
import { Confirm } from "../../components/confirm";
import { useI18n } from "../../i18n/i18n";
import { draftLanguages, languageNames } from "./news-draft";
import type { DraftLanguage } from "./news-draft";

/** The text a player of a language sees when it is missing (web/src/game/news.ts). */
const fallback: Record<DraftLanguage, DraftLanguage> = { "de-formal": "de", de: "en", en: "de" };

type Props = {
  request: OpsNewsRequest;
  audience: OpsNewsAudience;
  onSend: () => Promise<void>;
  onKeep: () => void;
};

/**
 * The second step of sending news: how many players it reaches, the languages written, and for
 * each language not written how many players play in it and which text they see instead.
 */
export function SendConfirm({ request, audience, onSend, onKeep }: Props) {
  const { t, tn } = useI18n();
  const written = draftLanguages.filter((language) => request.text[language] !== undefined);
  const missing = draftLanguages.filter((language) => request.text[language] === undefined);
  const name = (language: DraftLanguage) => t(languageNames[language]);
  return (
    <div className="send-confirm stack">
      <ul className="send-confirm__facts">
        <li>{t("news.confirmWritten", { languages: written.map(name).join(", ") })}</li>
        {missing.map((language) => (
          <li key={language}>
            {tn("news.confirmMissing", audience.byLanguage[language], {
              language: name(language),
              fallback: name(fallback[language]),
            })}
          </li>
        ))}
      </ul>
      <Confirm
        question={tn("news.confirmQuestion", audience.players)}
        confirmLabel={tn("news.confirmSend", audience.players)}
        keepLabel={t("news.confirmKeep")}
        onConfirm={onSend}
        onKeep={onKeep}
      />
    </div>
  );
}
