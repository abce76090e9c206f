import type { OpsMapForm } from "@wegmarke/protocol";
import { parseGame } from "./game-form";
import { editYaml } from "./yaml-edit";
import type { YamlEdit } from "./yaml-edit";

/** game.yaml's map as the studio's map form shows it (null: none yet), or why it cannot. */
export type ReadMap = { ok: true; form: OpsMapForm | null } | { ok: false; reason: string };

/** Reads `map:` of game.yaml; a file the loader would refuse is refused here too. */
export function readMap(text: string): ReadMap {
  const parsed = parseGame(text);
  if (!parsed.ok) return parsed;
  const { map } = parsed.game;
  if (!map) return { ok: true, form: null };
  return {
    ok: true,
    form: {
      image: map.image ?? null,
      tiles: map.tiles ? { url: map.tiles.url, attribution: map.tiles.attribution } : null,
    },
  };
}

/**
 * game.yaml `text` with the form's map: a changed corner, picture or tile address is written
 * where it stands (the corners' `[[…], […]]` stay as written); a part added or removed is
 * written as a whole, comments kept.
 */
export function writeMap(text: string, form: OpsMapForm): string {
  const before = readMap(text);
  if (!before.ok) return text;
  const old = before.form;
  if (old === null) return editYaml(text, [{ path: ["map"], value: plain(form) }]);
  const edits: YamlEdit[] = [];
  if (form.image === null) {
    if (old.image !== null) edits.push({ path: ["map", "image"], remove: true });
  } else if (old.image === null) {
    edits.push({ path: ["map", "image"], value: form.image });
  } else {
    if (form.image.path !== old.image.path) {
      edits.push({ path: ["map", "image", "path"], value: form.image.path });
    }
    form.image.bounds.forEach((corner, index) =>
      corner.forEach((value, axis) => {
        if (value !== old.image?.bounds[index]?.[axis]) {
          edits.push({ path: ["map", "image", "bounds", index, axis], value });
        }
      }),
    );
  }
  if (form.tiles === null) {
    if (old.tiles !== null) edits.push({ path: ["map", "tiles"], remove: true });
  } else if (old.tiles === null) {
    edits.push({ path: ["map", "tiles"], value: form.tiles });
  } else {
    for (const key of ["url", "attribution"] as const) {
      if (form.tiles[key] !== old.tiles[key]) {
        edits.push({ path: ["map", "tiles", key], value: form.tiles[key] });
      }
    }
  }
  return editYaml(text, edits);
}

/** The form as game.yaml's `map:` holds it: the parts it has. */
function plain(form: OpsMapForm) {
  return {
    ...(form.image && { image: form.image }),
    ...(form.tiles && { tiles: form.tiles }),
  };
}
