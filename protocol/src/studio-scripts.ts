import { z } from "zod";
import { languageSchema } from "./config";
import { stationFolder } from "./studio-forms";

/** The ink comment that marks a line of a dialogue still to translate. */
export const TRANSLATE_MARK = "// übersetzen";

/**
 * `POST /api/ops/pack/draft/stations/script`: a station's dialogue in another of the game's
 * languages, begun as a copy of an existing one with every line a player reads marked
 * `// übersetzen`.
 */
export const opsScriptCreate = z.object({ folder: stationFolder, language: languageSchema });
export type OpsScriptCreate = z.infer<typeof opsScriptCreate>;

/** The new script's path (`stations/7-hexenturm/script.en.ink`) and the one it was copied from. */
export const opsScriptCreated = z.object({ path: z.string(), from: z.string() });
export type OpsScriptCreated = z.infer<typeof opsScriptCreated>;
