import type { ScenarioName } from "./options";
import { gameMasterScenario } from "./game-master";
import { publishScenario } from "./publish";
import { baseScenarios } from "./scenarios";
import { pushScenario } from "./push";
import { uploadsScenario } from "./uploads";
import type { Context, Outcome } from "./scenarios";

/** Every scenario by name. */
export const scenarios: Record<ScenarioName, (ctx: Context) => Promise<Outcome>> = {
  ...baseScenarios,
  publish: publishScenario,
  uploads: uploadsScenario,
  push: pushScenario,
  "game-master": gameMasterScenario,
};
