import { useId, useState } from "react";
import { GAME_NAME, languages } from "@wegmarke/protocol";
import type { Language, OpsGame, OpsGameMade, OpsGameTemplate } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { chooseGame } from "../../api/game-choice";
import { makeGame } from "../../api/games-api";
import { useI18n } from "../../i18n/i18n";

type TemplateKind = OpsGameTemplate["kind"];

const templateKinds: readonly TemplateKind[] = ["one-station", "demo", "copy"];

/**
 * The admin's form for a new game (decisions/054): its short name, title and languages and
 * what it starts from; made, it plays at once and its studio is a click away.
 */
export function NewGame({ games, onMade }: { games: OpsGame[]; onMade: () => void }) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [name, setName] = useState("");
  const [title, setTitle] = useState("");
  const [chosen, setChosen] = useState<Language[]>(["de"]);
  const [kind, setKind] = useState<TemplateKind>("one-station");
  const [from, setFrom] = useState("");
  const [media, setMedia] = useState(true);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<OpsGameMade | null>(null);
  const [error, setError] = useState<unknown>(null);
  const copyFrom = from !== "" ? from : (games[0]?.name ?? "");

  const make = async () => {
    setBusy(true);
    setError(null);
    setMade(null);
    try {
      const template: OpsGameTemplate =
        kind === "copy" ? { kind, from: copyFrom, media } : { kind };
      setMade(await makeGame({ name: name.trim(), title, languages: chosen, template }));
      setName("");
      setTitle("");
      onMade();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel stack" aria-labelledby={id}>
      <h2 id={id}>{t("games.newHeading")}</h2>
      <p className="muted">{t("games.newText")}</p>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void make();
        }}
      >
        <label className="field">
          <span>{t("games.name")}</span>
          <input
            value={name}
            autoComplete="off"
            pattern={GAME_NAME.source.slice(1, -1)}
            required
            onChange={(event) => setName(event.target.value.toLowerCase())}
          />
        </label>
        <label className="field">
          <span>{t("games.title")}</span>
          <input
            value={title}
            maxLength={80}
            required
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <fieldset className="field">
          <legend>{t("games.languages")}</legend>
          {languages.map((language) => (
            <label className="checkbox" key={language}>
              <input
                type="checkbox"
                checked={chosen.includes(language)}
                disabled={chosen.length === 1 && chosen.includes(language)}
                onChange={(event) =>
                  setChosen(
                    event.target.checked
                      ? languages.filter((l) => l === language || chosen.includes(l))
                      : chosen.filter((l) => l !== language),
                  )
                }
              />
              {t(`games.lang.${language}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="field">
          <legend>{t("games.template")}</legend>
          {templateKinds.map((option) => (
            <label className="checkbox" key={option}>
              <input
                type="radio"
                name={`${id}-template`}
                checked={kind === option}
                disabled={option === "copy" && games.length === 0}
                onChange={() => setKind(option)}
              />
              {t(`games.template.${option}`)}
            </label>
          ))}
        </fieldset>
        {kind === "copy" && (
          <label className="field">
            <span>{t("games.copyFrom")}</span>
            <select value={copyFrom} onChange={(event) => setFrom(event.target.value)}>
              {games.map((game) => (
                <option key={game.name} value={game.name}>
                  {game.title}
                </option>
              ))}
            </select>
          </label>
        )}
        {kind === "copy" && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={media}
              onChange={(event) => setMedia(event.target.checked)}
            />
            {t("games.copyMedia")}
          </label>
        )}
        <p>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("games.making") : t("games.make")}
          </button>
        </p>
      </form>
      {made !== null && (
        <div className="notice notice--success stack" role="status">
          <p>{t("games.made", { title: made.game.title, address: made.game.app })}</p>
          {made.warnings.length > 0 && (
            <>
              <p>{t("games.warnings")}</p>
              <ul>
                {made.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </>
          )}
          <p>
            <button
              type="button"
              className="button"
              onClick={() => chooseGame(made.game.name, "/ops/studio")}
            >
              {t("games.openStudio")}
            </button>
          </p>
        </div>
      )}
      {error !== null && (
        <p className="notice notice--error" role="alert">
          {errorText(error, texts)}
        </p>
      )}
    </section>
  );
}
