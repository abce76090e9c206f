import { useState } from "react";
import { languages } from "@wegmarke/protocol";
import type { Language, OpsScriptCreated } from "@wegmarke/protocol";
import { createScript } from "../../api/studio-api";
import { errorText } from "../../api/error-text";
import { Link } from "../../routes/router";
import { useI18n } from "../../i18n/i18n";
import { filePath } from "./paths";

/**
 * "Dialog auf Englisch anlegen": a station's script in `language`, begun from one it has with
 * every line players read marked `// übersetzen`; once made, a link to it.
 */
export function AddScript({ folder, language }: { folder: string; language: Language }) {
  const texts = useI18n();
  const { t } = texts;
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<OpsScriptCreated | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (made !== null) {
    const name = (path: string) => path.slice(folder.length + 1);
    return (
      <span role="status">
        <Link className="station-form__script" to={filePath(made.path)}>
          {t("script.added", { path: name(made.path), from: name(made.from) })}
        </Link>
      </span>
    );
  }
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      setMade(await createScript(folder, language));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={busy}
        onClick={() => void add()}
      >
        {t("script.add", { language: t(`news.lang.${language}`) })}
      </button>
      {error !== null && (
        <span className="notice notice--error" role="alert">
          {errorText(error, texts)}
        </span>
      )}
    </>
  );
}

/** A button for each of the game's languages the station has no script in. */
export function MissingScripts({
  folder,
  languages,
  scripts,
}: {
  folder: string;
  languages: Language[];
  scripts: string[];
}) {
  const missing = languages.filter((language) => !scripts.includes(`script.${language}.ink`));
  return (
    <>
      {missing.map((language) => (
        <AddScript key={language} folder={folder} language={language} />
      ))}
    </>
  );
}

/**
 * The station and language of a check's warning that a station has no script in a language
 * ("missing in English (en): …, script.en.ink; …"), for the button beside it.
 */
export function missingScriptOf(problem: {
  file: string;
  message: string;
}): { folder: string; language: Language } | null {
  const folder = /^(stations\/[^/]+)\/station\.yaml$/.exec(problem.file)?.[1];
  const language = /^missing in [^(]*\(([\w-]+)\):[^;]*\bscript\.\1\.ink\b/.exec(
    problem.message,
  )?.[1];
  if (folder === undefined || language === undefined) return null;
  return isLanguage(language) ? { folder, language } : null;
}

function isLanguage(value: string): value is Language {
  return (languages as readonly string[]).includes(value);
}
