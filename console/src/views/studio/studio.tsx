import { useSearch } from "../../routes/router";
import { RoleNote, useRole } from "../../components/roles";
import { useI18n } from "../../i18n/i18n";
import { DraftOverview } from "./draft-overview";
import { FileEditor } from "./file-editor";
import { GameEditor } from "./game-editor";
import { StationEditor } from "./station-editor";
import { MapEditor } from "./map-editor";
import { StoryEditor } from "./story-editor";
import { TextsEditor } from "./texts-editor";

/**
 * The studio: the game's files in a draft that authors change, check and publish. The address
 * says which file or station is open, so a problem of the check links to its line.
 */
export function StudioView() {
  const { t } = useI18n();
  const author = useRole("author");
  const search = useSearch();
  const file = search.get("file");
  const station = search.get("station");
  const game = search.has("game");
  const gameTexts = search.has("texts");
  const gameMap = search.has("map");
  const story = search.get("story");
  const line = Number(search.get("line"));
  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("nav.studio")}</h1>
      {!author ? (
        <RoleNote role="author" />
      ) : story !== null ? (
        <StoryEditor key={story} folder={story} />
      ) : game ? (
        <GameEditor />
      ) : gameTexts ? (
        <TextsEditor />
      ) : gameMap ? (
        <MapEditor />
      ) : station !== null ? (
        <StationEditor key={station} folder={station} />
      ) : file === null ? (
        <DraftOverview />
      ) : (
        <FileEditor key={file} path={file} {...(Number.isInteger(line) && line > 0 && { line })} />
      )}
    </div>
  );
}
