import { useId, useRef, useState } from "react";
import { languages, previewStoragePrefix } from "@wegmarke/protocol";
import type { Language, OpsDraftCheck, OpsPreviewOutcome } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getStation, previewDraft } from "../../api/studio-api";
import { useI18n } from "../../i18n/i18n";
import { useCall } from "../../lib/use-call";
import { CheckResult } from "./check-panel";

type Playing = Extract<OpsPreviewOutcome, { ok: true }>;

/** How the preview plays: at the desk, quicker, from a knot of the script ("": its beginning). */
type Mode = { desk: boolean; fast: boolean; knot: string };

type State =
  | { kind: "idle" }
  | { kind: "starting" }
  | { kind: "playing"; preview: Playing; run: number }
  | { kind: "refused"; check: OpsDraftCheck }
  | { kind: "failed"; error: unknown };

/** Forgets the preview's player on this browser: the app starts over as a new one. */
function forgetPlayer(path: string): void {
  const id = /\/preview\/([^/]+)\/webapp\/$/.exec(path)?.[1];
  if (id === undefined) return;
  const prefix = previewStoragePrefix(id);
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(prefix)) localStorage.removeItem(key);
  }
}

/**
 * The draft as it is saved, played by the real player app in a phone-sized frame: a game of
 * its own on the server (studio/previews.ts), whose players never reach the live game. "Play"
 * takes the draft's latest save; "start over" plays as a new player; the desk mode opens every
 * station from the list, without GPS or a QR code. `start`: the app's path to open (a station);
 * `places`: the knots the script `file` can start at instead of its beginning, played in the
 * script's `language`.
 */
export function PhonePreview({
  start = "",
  places,
}: {
  start?: string;
  places?: { file: string; names: string[]; language?: Language };
}) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [mode, setMode] = useState<Mode>({ desk: true, fast: false, knot: "" });
  const [language, setLanguage] = useState<Language | null>(places?.language ?? null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const runs = useRef(0);

  const play = async (fresh: boolean, { desk, fast, knot } = mode) => {
    setState({ kind: "starting" });
    try {
      const start = places && knot !== "" ? { file: places.file, knot } : undefined;
      const outcome = await previewDraft({ desk, fast, ...(start && { start }) });
      if (!outcome.ok) {
        setState({ kind: "refused", check: outcome.check });
        return;
      }
      if (fresh) forgetPlayer(outcome.path);
      // Each play loads the frame anew, the same address too.
      runs.current += 1;
      setState({ kind: "playing", preview: outcome, run: runs.current });
    } catch (error) {
      setState({ kind: "failed", error });
    }
  };
  const playing = state.kind === "playing" ? state.preview : null;
  /** A change of mode plays anew (as a new player) once the preview runs. */
  const change = (changes: Partial<Mode>) => {
    const next = { ...mode, ...changes };
    setMode(next);
    if (playing !== null) void play(true, next);
  };
  const query = language === null ? "" : `?${new URLSearchParams({ lang: language })}`;

  return (
    <section className="panel stack phone-preview" aria-labelledby={id}>
      <h2 id={id}>{t("preview.heading")}</h2>
      <p>{t("preview.text")}</p>
      <p className="studio__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={state.kind === "starting"}
          onClick={() => void play(false)}
        >
          {state.kind === "starting"
            ? t("preview.starting")
            : playing === null
              ? t("preview.play")
              : t("preview.playSaved")}
        </button>
        {playing !== null && (
          <button type="button" className="button" onClick={() => void play(true)}>
            {t("preview.startOver")}
          </button>
        )}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={mode.desk}
          onChange={(event) => change({ desk: event.target.checked })}
        />
        {t("preview.desk")}
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={mode.fast}
          onChange={(event) => change({ fast: event.target.checked })}
        />
        {t("preview.fast")}
      </label>
      {places !== undefined && places.names.length > 0 && (
        <label className="field">
          <span>{t("preview.startAt")}</span>
          <select value={mode.knot} onChange={(event) => change({ knot: event.target.value })}>
            <option value="">{t("preview.beginning")}</option>
            {places.names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      {playing !== null && playing.languages.length > 1 && (
        <label className="field">
          <span>{t("preview.language")}</span>
          <select
            value={language ?? playing.languages[0]}
            onChange={(event) => {
              setLanguage(playing.languages.find((l) => l === event.target.value) ?? null);
              void play(true);
            }}
          >
            {playing.languages.map((code) => (
              <option key={code} value={code}>
                {t(`news.lang.${code}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {state.kind === "playing" && (
        <div className="phone-preview__phone">
          <iframe
            key={state.run}
            title={t("preview.frame")}
            src={`${state.preview.path}${start}${query}`}
          />
          <p className="phone-preview__version">
            {t("preview.version", { digest: state.preview.digest })}
          </p>
        </div>
      )}
      {state.kind === "refused" && (
        <>
          <p className="notice notice--error" role="alert">
            {t("preview.refused")}
          </p>
          <CheckResult check={state.check} />
        </>
      )}
      {state.kind === "failed" && (
        <p className="notice notice--error" role="alert">
          {errorText(state.error, texts)}
        </p>
      )}
    </section>
  );
}

/**
 * The preview beside a script: opens its station, where the script is a station's, and can
 * start it at the `places` of its text.
 */
export function StationPreview({ file, places }: { file: string; places: string[] }) {
  const folder = /^stations\/[^/]+/.exec(file)?.[0];
  const station = useCall(`preview-station:${folder ?? ""}`, (signal) =>
    folder === undefined ? Promise.resolve(null) : getStation(folder, signal),
  );
  if (station.data === undefined && station.error === undefined) return null;
  const edit = station.data;
  return (
    <PhonePreview
      {...(edit && {
        start: `${edit.form.view}/${edit.id}`,
        places: { file, names: places, ...languageOf(file) },
      })}
    />
  );
}

/** The language of a script named `script.<language>.ink`, where it names one. */
function languageOf(file: string): { language?: Language } {
  const named = /\.([a-z-]+)\.ink$/.exec(file)?.[1];
  const language = languages.find((code) => code === named);
  return language === undefined ? {} : { language };
}
