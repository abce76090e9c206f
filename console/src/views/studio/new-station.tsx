import { useId, useState } from "react";
import type { FormEvent } from "react";
import { errorText } from "../../api/error-text";
import { createStation } from "../../api/studio-api";
import { navigate } from "../../routes/router";
import { useI18n } from "../../i18n/i18n";
import { stationPath } from "./paths";

/** A new station from its title: made in the draft, then opened in its form. */
export function NewStation() {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === "") return;
    setBusy(true);
    setError(undefined);
    try {
      const created = await createStation(title.trim());
      navigate(stationPath(created.folder));
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <section className="panel stack" aria-labelledby={id}>
      <h2 id={id}>{t("studio.newStation")}</h2>
      <form className="studio__new" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span>{t("studio.newStationTitle")}</span>
          <input
            value={title}
            required
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={busy || title.trim() === ""}>
          {busy ? t("studio.creating") : t("studio.create")}
        </button>
      </form>
      {error !== undefined && (
        <p className="notice notice--error" role="alert">
          {errorText(error, texts)}
        </p>
      )}
    </section>
  );
}
