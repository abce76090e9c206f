import { useState } from "react";
import type { OpsMapForm } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import { MAP_STYLES, styleOf } from "./map-styles";

type Tiles = OpsMapForm["tiles"];

const NONE = "";
const OWN = "own";

/**
 * The map's tiles: a style picked by name, which brings its address and attribution, or for an
 * expert a tile address of their own with its attribution; or none.
 */
export function TilesFields({
  tiles,
  onChange,
}: {
  tiles: Tiles;
  onChange: (tiles: Tiles) => void;
}) {
  const { t } = useI18n();
  const [own, setOwn] = useState(tiles !== null && styleOf(tiles.url) === undefined);
  const chosen = tiles === null ? (own ? OWN : NONE) : own ? OWN : (styleOf(tiles.url)?.id ?? OWN);
  const pick = (id: string) => {
    const style = MAP_STYLES.find((s) => s.id === id);
    setOwn(id === OWN);
    if (style) onChange({ url: style.url, attribution: style.attribution });
    else if (id === NONE) onChange(null);
  };
  return (
    <fieldset className="station-form__group">
      <legend>{t("mapForm.tiles")}</legend>
      <label className="field">
        <span>{t("mapForm.style")}</span>
        <select value={chosen} onChange={(event) => pick(event.target.value)}>
          <option value={NONE}>{t("mapForm.noTiles")}</option>
          {MAP_STYLES.map((style) => (
            <option key={style.id} value={style.id}>
              {style.name}
            </option>
          ))}
          <option value={OWN}>{t("mapForm.ownTiles")}</option>
        </select>
      </label>
      {tiles !== null && !own && <p className="muted">{tiles.attribution}</p>}
      {own && (
        <>
          <label className="field">
            <span>{t("mapForm.tilesUrl")}</span>
            <input
              value={tiles?.url ?? ""}
              placeholder="https://tile.example.org/{z}/{x}/{y}.png"
              onChange={(event) => {
                const url = event.target.value;
                onChange(url === "" ? null : { url, attribution: tiles?.attribution ?? "" });
              }}
            />
          </label>
          {tiles !== null && (
            <label className="field">
              <span>{t("mapForm.attribution")}</span>
              <input
                value={tiles.attribution}
                onChange={(event) => onChange({ ...tiles, attribution: event.target.value })}
              />
            </label>
          )}
        </>
      )}
    </fieldset>
  );
}
