import { useId, useRef, useState } from "react";
import { GAME_NAME, languages } from "@wegmarke/protocol";
import type { Language, OpsGame, OpsGameMade, OpsGameTemplate } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { chooseGame } from "../../api/game-choice";
import { importGame, makeGame } from "../../api/games-api";
import { useI18n } from "../../i18n/i18n";

/** What a new game starts from: a template, or a game's zip (its export), imported. */
type StartKind = OpsGameTemplate["kind"] | "zip";

const startKinds: readonly StartKind[] = ["one-station", "demo", "copy", "zip"];

/** A new game, made or imported (then with the number of its draft's changes). */
type Made = OpsGameMade & { draftChanges?: number };

/** The short name a game's zip suggests ("hafen-game.zip": "hafen"), null for none. */
function nameOfZip(file: File): string | null {
  const name = file.name
    .replace(/\.zip$/i, "")
    .replace(/-game$/i, "")
    .toLowerCase();
  return GAME_NAME.test(name) ? name : null;
}

/** The new game: where it plays, what the check notes, its draft's changes, its studio. */
function MadeNotice({ made }: { made: Made }) {
  const { t, tn } = useI18n();
  const draftChanges = made.draftChanges ?? 0;
  return (
    <div className="notice notice--success stack" role="status">
      <p>{t("games.made", { title: made.game.title, address: made.game.app })}</p>
      {draftChanges > 0 && <p>{tn("games.draftChanges", draftChanges)}</p>}
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
  );
}

/**
 * The admin's form for a new game (decisions/054): its short name, title and languages and
 * what it starts from, or a game's zip, which brings its title and languages; made, it plays at
 * once and its studio is a click away.
 */
export function NewGame({ games, onMade }: { games: OpsGame[]; onMade: () => void }) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [name, setName] = useState("");
  const [title, setTitle] = useState("");
  const [chosen, setChosen] = useState<Language[]>(["de"]);
  const [kind, setKind] = useState<StartKind>("one-station");
  const [from, setFrom] = useState("");
  const [media, setMedia] = useState(true);
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [made, setMade] = useState<Made | null>(null);
  const [error, setError] = useState<unknown>(null);
  const copyFrom = from !== "" ? from : (games[0]?.name ?? "");
  const [submit, submitting] =
    kind === "zip"
      ? (["games.import", "games.importing"] as const)
      : (["games.make", "games.making"] as const);

  const make = async () => {
    setBusy(true);
    setError(null);
    setMade(null);
    try {
      if (kind === "zip") {
        // The file input is required: the form is not sent without one.
        if (file === null) return;
        setMade(await importGame(name.trim(), file));
        setFile(null);
        if (fileInput.current !== null) fileInput.current.value = "";
      } else {
        const template: OpsGameTemplate =
          kind === "copy" ? { kind, from: copyFrom, media } : { kind };
        setMade(await makeGame({ name: name.trim(), title, languages: chosen, template }));
      }
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
        {kind === "zip" ? (
          <p className="muted">{t("games.zipBrings")}</p>
        ) : (
          <>
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
          </>
        )}
        <fieldset className="field">
          <legend>{t("games.template")}</legend>
          {startKinds.map((option) => (
            <label className="checkbox" key={option}>
              <input
                type="radio"
                name={`${id}-template`}
                checked={kind === option}
                disabled={option === "copy" && games.length === 0}
                onChange={() => {
                  setKind(option);
                  setFile(null);
                }}
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
        {kind === "zip" && (
          <label className="field">
            <span>{t("games.zipFile")}</span>
            <input
              ref={fileInput}
              type="file"
              accept=".zip,application/zip"
              required
              onChange={(event) => {
                const picked = event.target.files?.[0] ?? null;
                setFile(picked);
                const suggested = picked === null ? null : nameOfZip(picked);
                if (suggested !== null && name.trim() === "") setName(suggested);
              }}
            />
          </label>
        )}
        <p>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t(busy ? submitting : submit)}
          </button>
        </p>
      </form>
      {made !== null && <MadeNotice made={made} />}
      {error !== null && (
        <p className="notice notice--error" role="alert">
          {errorText(error, texts)}
        </p>
      )}
    </section>
  );
}
