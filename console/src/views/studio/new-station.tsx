import { useId, useState } from "react";
import type { FormEvent } from "react";
import { errorText } from "../../api/error-text";
import { createStation, createStory } from "../../api/studio-api";
import { navigate } from "../../routes/router";
import { useI18n } from "../../i18n/i18n";
import type { TextKey } from "../../i18n/en";
import { stationPath, storyPath } from "./paths";

type Props = {
  /** Makes the folder in the draft from its title; its path is opened. */
  create: (title: string) => Promise<{ folder: string }>;
  pathOf: (folder: string) => string;
  heading: TextKey;
  label: TextKey;
  action: TextKey;
};

/** A new folder of the draft from its title: made in the draft, then opened in its form. */
function NewFolder({ create, pathOf, heading, label, action }: Props) {
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
      navigate(pathOf((await create(title.trim())).folder));
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <section className="panel stack" aria-labelledby={id}>
      <h2 id={id}>{t(heading)}</h2>
      <form className="studio__new" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span>{t(label)}</span>
          <input
            value={title}
            required
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={busy || title.trim() === ""}>
          {busy ? t("studio.creating") : t(action)}
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

/** A new station from its title. */
export function NewStation() {
  return (
    <NewFolder
      create={createStation}
      pathOf={stationPath}
      heading="studio.newStation"
      label="studio.newStationTitle"
      action="studio.create"
    />
  );
}

/** A new story from its headline. */
export function NewStory() {
  return (
    <NewFolder
      create={createStory}
      pathOf={storyPath}
      heading="studio.newStory"
      label="studio.newStoryTitle"
      action="studio.createStory"
    />
  );
}
