import type {
  OpsDraftSaveOutcome,
  OpsGameEdit,
  OpsGameForm,
  OpsGameTextsEdit,
  OpsGameTextsForm,
  OpsMapEdit,
  OpsMapForm,
  OpsStationPlace,
} from "@wegmarke/protocol";
import { ServiceError } from "../../errors";
import { readGame, writeGame } from "./game-form";
import { readMap, writeMap } from "./map-form";
import type { PackDrafts } from "../pack-drafts";
import { readTexts, writeTexts } from "./texts-form";

const GAME = "game.yaml";
/** The pictures a map may be: of the draft's map/ folder. */
const MAP_PICTURE = /^map\/[^/]+\.(png|jpe?g|webp|avif|gif|svg)$/i;
/** The pictures the app's icon may be: of app/, of a kind sharp makes icons of. */
const APP_PICTURE = /^app\/[^/]+\.(png|jpe?g|webp|avif|svg)$/i;
/** The pictures of the introduction's steps and the crest: of intro/ and points/. */
const TEXT_PICTURE = /^(intro|points)\/[^/]+\.(png|jpe?g|webp|avif|gif|svg)$/i;

/** Why a form of game.yaml cannot be shown, and where to fix it. */
function unreadable(reason: string): never {
  throw new ServiceError(422, `${reason} (open game.yaml as text to fix it)`);
}

/**
 * The studio's forms over the draft's game.yaml: the settings, what players read, the map.
 * Each writes only what it changed, over the content it was read with.
 */
export class GameForms {
  constructor(
    private readonly drafts: PackDrafts,
    private readonly stations: () => Promise<OpsStationPlace[]>,
  ) {}

  /** The game's title, languages and settings. */
  async game(): Promise<OpsGameEdit> {
    const file = await this.drafts.text(GAME);
    const read = readGame(file.text);
    if (!read.ok) unreadable(read.reason);
    const pictures = await this.pictures(APP_PICTURE);
    return { hash: file.hash ?? "", by: file.by, at: file.at, form: read.form, pictures };
  }

  saveGame(form: OpsGameForm, replaces: string, by: string | null): Promise<OpsDraftSaveOutcome> {
    return this.write((text) => writeGame(text, form), replaces, by);
  }

  /** What players read (help, introduction, news texts, crest, privacy). */
  async texts(): Promise<OpsGameTextsEdit> {
    const file = await this.drafts.text(GAME);
    const read = readTexts(file.text);
    if (!read.ok) unreadable(read.reason);
    const { form, languages } = read;
    const pictures = await this.pictures(TEXT_PICTURE);
    return { hash: file.hash ?? "", by: file.by, at: file.at, languages, form, pictures };
  }

  saveTexts(
    form: OpsGameTextsForm,
    replaces: string,
    by: string | null,
  ): Promise<OpsDraftSaveOutcome> {
    return this.write((text) => writeTexts(text, form), replaces, by);
  }

  /** The map, with the pictures it may show and the stations to set its corners against. */
  async map(): Promise<OpsMapEdit> {
    const file = await this.drafts.text(GAME);
    const read = readMap(file.text);
    if (!read.ok) unreadable(read.reason);
    const pictures = await this.pictures(MAP_PICTURE);
    const stations = await this.stations();
    return { hash: file.hash ?? "", by: file.by, at: file.at, form: read.form, pictures, stations };
  }

  /** Whether the draft's map has tiles (a station's form then offers the address search). */
  async hasTiles(): Promise<boolean> {
    const read = readMap((await this.drafts.text(GAME)).text);
    return read.ok && read.form?.tiles != null;
  }

  saveMap(form: OpsMapForm, replaces: string, by: string | null): Promise<OpsDraftSaveOutcome> {
    return this.write((text) => writeMap(text, form), replaces, by);
  }

  /** The draft's files whose paths `pattern` takes. */
  private async pictures(pattern: RegExp): Promise<string[]> {
    const draft = await this.drafts.draft();
    return draft.files
      .filter((entry) => entry.hash !== null && pattern.test(entry.path))
      .map((entry) => entry.path);
  }

  /** Writes game.yaml as `edit` makes it, where it still has the content `replaces`. */
  private write(
    edit: (text: string) => string,
    replaces: string,
    by: string | null,
  ): Promise<OpsDraftSaveOutcome> {
    return this.drafts.saveEdited(GAME, edit, replaces, by);
  }
}
