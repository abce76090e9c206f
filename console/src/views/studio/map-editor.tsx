import { lazy, Suspense, useId, useState } from "react";
import type { OpsMapEdit, OpsMapForm } from "@wegmarke/protocol";
import { draftMediumUrl, getDraftMap, saveDraftMap } from "../../api/studio-api";
import { useI18n } from "../../i18n/i18n";
import { BackToDraft, DraftForm } from "./draft-form";
import { SaveBar, useDraftSave } from "./draft-save";
import { TilesFields } from "./map-tiles";

const MapCorners = lazy(() => import("./map-corners"));

type Bounds = NonNullable<OpsMapForm["image"]>["bounds"];

/** The game's map: its picture laid at two corners over the stations, and tiles under it. */
export function MapEditor() {
  return (
    <DraftForm callKey="game-map" load={(signal) => getDraftMap(signal)}>
      {(edit, reload) => <MapForm edit={edit} reload={reload} />}
    </DraftForm>
  );
}

/** Corners around the stations, a little wider: where a new picture starts. */
function aroundStations(edit: OpsMapEdit): Bounds {
  const latitudes = edit.stations.map((s) => s.latitude);
  const longitudes = edit.stations.map((s) => s.longitude);
  if (latitudes.length === 0)
    return [
      [0, 0],
      [0.01, 0.01],
    ];
  const margin = 0.002;
  return [
    [Math.min(...latitudes) - margin, Math.min(...longitudes) - margin],
    [Math.max(...latitudes) + margin, Math.max(...longitudes) + margin],
  ];
}

function MapForm({ edit, reload }: { edit: OpsMapEdit; reload: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const start: OpsMapForm = edit.form ?? { image: null, tiles: null };
  const [form, setForm] = useState<OpsMapForm>(start);
  const draft = useDraftSave(start, edit.hash, (value, replaces) =>
    saveDraftMap(value, replaces ?? ""),
  );
  const change = (next: OpsMapForm) => {
    setForm(next);
    draft.touched();
  };
  const image = form.image;
  const bounds = image?.bounds ?? aroundStations(edit);
  const corner = (index: 0 | 1, axis: 0 | 1, value: string) => {
    if (!image) return;
    const next = image.bounds.map((point) => [...point]) as Bounds;
    next[index][axis] = value.trim() === "" ? Number.NaN : Number(value);
    change({ ...form, image: { ...image, bounds: next } });
  };
  const [[south, west], [north, east]] = bounds;
  const valid =
    (image === null || (south < north && west < east)) && (image !== null || form.tiles !== null);
  const dirty = JSON.stringify(form) !== JSON.stringify(draft.saved);
  const numberField = (name: string, value: number, index: 0 | 1, axis: 0 | 1) => (
    <label className="field">
      <span>{name}</span>
      <input
        type="number"
        step="any"
        value={Number.isNaN(value) ? "" : value}
        disabled={!image}
        onChange={(event) => corner(index, axis, event.target.value)}
      />
    </label>
  );
  return (
    <section className="panel stack" aria-labelledby={id}>
      <BackToDraft />
      <h2 id={id}>{t("mapForm.heading")}</h2>
      <p>{t("mapForm.text")}</p>
      <label className="field">
        <span>{t("mapForm.picture")}</span>
        <select
          value={image?.path ?? ""}
          onChange={(event) => {
            const path = event.target.value;
            change({ ...form, image: path === "" ? null : { path, bounds } });
          }}
        >
          <option value="">{t("mapForm.noPicture")}</option>
          {edit.pictures.map((picture) => (
            <option key={picture} value={picture}>
              {picture}
            </option>
          ))}
        </select>
      </label>
      {edit.pictures.length === 0 && <p className="muted">{t("mapForm.upload")}</p>}
      <fieldset className="station-form__group">
        <legend>{t("mapForm.corners")}</legend>
        <div className="station-form__row">
          {numberField(t("mapForm.south"), south, 0, 0)}
          {numberField(t("mapForm.west"), west, 0, 1)}
          {numberField(t("mapForm.north"), north, 1, 0)}
          {numberField(t("mapForm.east"), east, 1, 1)}
        </div>
        {image && !(south < north && west < east) && (
          <p className="notice notice--error" role="status">
            {t("mapForm.cornersWrong")}
          </p>
        )}
        <Suspense fallback={<p aria-busy="true">{t("app.loading")}</p>}>
          <MapCorners
            picture={image ? draftMediumUrl(image.path) : null}
            bounds={bounds}
            tiles={form.tiles}
            stations={edit.stations}
            label={t("mapForm.mapLabel")}
            cornerLabels={{ southWest: t("mapForm.southWest"), northEast: t("mapForm.northEast") }}
            onCorners={(next) => image && change({ ...form, image: { ...image, bounds: next } })}
          />
        </Suspense>
        <p className="muted">{t("mapForm.dragHint")}</p>
      </fieldset>
      <TilesFields tiles={form.tiles} onChange={(tiles) => change({ ...form, tiles })} />
      {!valid && image === null && form.tiles === null && (
        <p className="notice notice--error" role="status">
          {t("mapForm.nothing")}
        </p>
      )}
      <SaveBar
        dirty={dirty && valid}
        save={draft.save}
        onSave={() => void draft.store(form)}
        onKeep={() => void draft.keep(form)}
        onTake={reload}
      />
    </section>
  );
}
