import { useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import type { OpsPlace, OpsPlaces } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { findPlaces } from "../../api/studio-api";
import { useI18n } from "../../i18n/i18n";

type Found =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "found"; found: OpsPlaces }
  | { kind: "failed"; reason: string }
  | { kind: "placed"; label: string };

/** A typed address looked up near the game; a place picked from the list moves the station. */
export function AddressSearch({ onPick }: { onPick: (place: OpsPlace) => void }) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found>({ kind: "idle" });
  const running = useRef<AbortController | null>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setFound({ kind: "busy" });
    findPlaces(query.trim(), texts.language, controller.signal).then(
      (answer) => setFound({ kind: "found", found: answer }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setFound({ kind: "failed", reason: errorText(error, texts) });
      },
    );
  };

  const pick = (place: OpsPlace) => {
    onPick(place);
    setFound({ kind: "placed", label: place.label });
  };

  return (
    <div className="address-search">
      <form className="address-search__form" role="search" aria-labelledby={id} onSubmit={search}>
        <label className="field">
          <span id={id}>{t("station.search")}</span>
          <input
            type="search"
            value={query}
            minLength={2}
            required
            placeholder={t("station.search.example")}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={found.kind === "busy"}>
          {found.kind === "busy" ? t("station.search.busy") : t("station.search.go")}
        </button>
      </form>
      <div role="status">
        {found.kind === "failed" && <p className="notice notice--error">{found.reason}</p>}
        {found.kind === "placed" && (
          <p className="muted">{t("station.search.placed", { place: found.label })}</p>
        )}
        {found.kind === "found" && found.found.places.length === 0 && (
          <p className="muted">{t("station.search.none")}</p>
        )}
      </div>
      {found.kind === "found" && found.found.places.length > 0 && (
        <>
          <ul className="address-search__places" aria-label={t("station.search.places")}>
            {found.found.places.map((place) => (
              <li key={`${place.latitude},${place.longitude},${place.label}`}>
                <button type="button" className="address-search__place" onClick={() => pick(place)}>
                  {place.label}
                </button>
              </li>
            ))}
          </ul>
          {found.found.licence && <p className="address-search__licence">{found.found.licence}</p>}
        </>
      )}
    </div>
  );
}
