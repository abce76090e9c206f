import { useId, useState } from "react";
import type { FormEvent } from "react";
import { errorText } from "../../api/error-text";
import { createStory } from "../../api/studio-api";
import { navigate } from "../../routes/router";
import { useI18n } from "../../i18n/i18n";
import { storyPath } from "./paths";

/** A new story from its headline: made in the draft, then opened in its form. */
export function NewStory() {
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
      navigate(storyPath((await createStory(title.trim())).folder));
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <section className="panel stack" aria-labelledby={id}>
      <h2 id={id}>{t("studio.newStory")}</h2>
      <form className="studio__new" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span>{t("studio.newStoryTitle")}</span>
          <input
            value={title}
            required
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={busy || title.trim() === ""}>
          {busy ? t("studio.creating") : t("studio.createStory")}
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
