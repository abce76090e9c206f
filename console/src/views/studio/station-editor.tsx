import { lazy, Suspense, useId, useMemo, useState } from "react";
import type {
  Language,
  MapContent,
  OpsMapForm,
  OpsStationEdit,
  OpsStationForm,
} from "@wegmarke/protocol";
import { draftMediumUrl, getDraftMap, getStation, saveStation } from "../../api/studio-api";
import { Link } from "../../routes/router";
import { useI18n } from "../../i18n/i18n";
import { useCall } from "../../lib/use-call";
import { SaveBar, useDraftSave } from "./draft-save";
import { filePath } from "./paths";
import { AddressSearch } from "./address-search";
import { PhonePreview } from "./phone-preview";
import { placeWarnings } from "./place-warnings";
import { MissingScripts } from "./script-languages";
import { reminderComplete, StationReminder } from "./station-reminder";
import { StationSettings } from "./station-settings";
import { StationTexts } from "./station-texts";
import { BackToDraft, DraftForm } from "./draft-form";
import { StationActions } from "./folder-actions";
import { formMerging, stationLabels } from "./form-merging";

const StationMap = lazy(() => import("./station-map"));

/** A station's form: its texts in every language side by side, its settings and its place. */
export function StationEditor({ folder }: { folder: string }) {
  const { t } = useI18n();
  return (
    <DraftForm
      callKey={`station:${folder}`}
      load={(signal) => getStation(folder, signal)}
      asText={{ path: `${folder}/station.yaml`, label: t("station.asText") }}
    >
      {(edit, reload) => <StationForm edit={edit} reload={reload} />}
    </DraftForm>
  );
}

function StationForm({ edit, reload }: { edit: OpsStationEdit; reload: () => void }) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [form, setForm] = useState<OpsStationForm>(edit.form);
  const draft = useDraftSave(
    edit.form,
    edit.hash,
    (value, replaces) => saveStation(edit.folder, value, replaces ?? ""),
    formMerging(() => getStation(edit.folder), stationLabels(texts), texts, setForm),
  );
  // The draft's map, as the map form saved it: not yet the live game's.
  const map = useCall("game-map", (signal) => getDraftMap(signal));
  // Made once per answer: the map is drawn anew whenever its base changes.
  const base = useMemo(() => mapContent(map.data?.form ?? null), [map.data]);
  const change = (changes: Partial<OpsStationForm>) => {
    setForm((before) => ({ ...before, ...changes }));
    draft.touched();
  };
  const columns = [...new Set<Language>([...edit.languages, ...languagesOf(form)])];
  const dirty = JSON.stringify(form) !== JSON.stringify(draft.saved);
  const warnings = placeWarnings(form, edit.others, base?.image?.bounds);

  const number = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
  // An emptied coordinate is marked and holds the save back; the other edits stay in the form.
  const unplaced = {
    latitude: !Number.isFinite(form.latitude),
    longitude: !Number.isFinite(form.longitude),
  };
  return (
    <div className="studio__with-phone">
      <section className="panel stack" aria-labelledby={id}>
        <BackToDraft />
        <h2 id={id}>
          {t("studio.group.station", { id: edit.id, title: form.texts.de?.title ?? edit.folder })}
        </h2>
        <StationTexts
          columns={columns}
          texts={form.texts}
          onChange={(next) => change({ texts: next })}
        />
        <fieldset className="station-form__group">
          <legend>{t("station.place")}</legend>
          <div className="station-form__row">
            <label className="field">
              <span>{t("station.latitude")}</span>
              <input
                type="number"
                step="any"
                value={Number.isNaN(form.latitude) ? "" : form.latitude}
                onChange={(event) => change({ latitude: number(event.target.value) })}
                aria-invalid={unplaced.latitude || undefined}
                aria-describedby={unplaced.latitude ? `${id}-unplaced` : undefined}
              />
            </label>
            <label className="field">
              <span>{t("station.longitude")}</span>
              <input
                type="number"
                step="any"
                value={Number.isNaN(form.longitude) ? "" : form.longitude}
                onChange={(event) => change({ longitude: number(event.target.value) })}
                aria-invalid={unplaced.longitude || undefined}
                aria-describedby={unplaced.longitude ? `${id}-unplaced` : undefined}
              />
            </label>
          </div>
          {(unplaced.latitude || unplaced.longitude) && (
            <p id={`${id}-unplaced`} className="notice notice--error" role="alert">
              {t("station.unplaced")}
            </p>
          )}
          {edit.addressSearch && (
            <AddressSearch
              onPick={(place) => change({ latitude: place.latitude, longitude: place.longitude })}
            />
          )}
          {map.data !== undefined && (
            <Suspense fallback={<p aria-busy="true">{t("app.loading")}</p>}>
              <StationMap
                base={base}
                pictureUrl={draftMediumUrl}
                place={form}
                others={edit.others}
                label={t("station.mapLabel")}
                markerLabel={t("station.marker")}
                onMove={(latitude, longitude) => change({ latitude, longitude })}
              />
            </Suspense>
          )}
          <p className="muted">{t("station.dragHint")}</p>
          {warnings.map((warning) => (
            <p key={warning.kind} className="notice notice--error" role="status">
              {t(`station.warning.${warning.kind}`, {
                km: (warning.metres / 1000).toFixed(1),
                other: warning.other,
              })}
              {warning.swapped && ` ${t("station.warning.swapped")}`}
            </p>
          ))}
        </fieldset>
        <StationSettings form={form} languages={columns} onChange={change} station={edit} />
        <StationReminder
          columns={columns}
          reminder={form.reminder}
          onChange={(reminder) => change({ reminder })}
        />
        <p>
          {t("station.dialogues")}{" "}
          {edit.scripts.map((script) => (
            <Link
              key={script}
              className="station-form__script"
              to={filePath(`${edit.folder}/${script}`)}
            >
              {script}
            </Link>
          ))}{" "}
          <MissingScripts folder={edit.folder} languages={edit.languages} scripts={edit.scripts} />
        </p>
        <SaveBar
          dirty={dirty}
          blocked={unplaced.latitude || unplaced.longitude || !reminderComplete(form.reminder)}
          save={draft.save}
          onSave={() => void draft.store(form)}
          onKeep={() => void draft.keep(form)}
          onTake={reload}
        />
        <StationActions edit={edit} dirty={dirty} reload={reload} />
      </section>
      <PhonePreview start={`${edit.form.view}/${edit.id}`} />
    </div>
  );
}

function languagesOf(form: OpsStationForm): Language[] {
  return Object.keys(form.texts) as Language[];
}

/** The map form's fields as game.yaml's `map:` reads. */
function mapContent(form: OpsMapForm | null): MapContent | null {
  if (form === null) return null;
  return {
    ...(form.image && { image: form.image }),
    ...(form.tiles && { tiles: form.tiles }),
  };
}
