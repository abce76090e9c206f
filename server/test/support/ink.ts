import { Compiler } from "inkjs/compiler/Compiler";
import type { ScriptContext } from "../../src/engine/types";

/** The context the engine's tests give a script: Lena's station, worth `maxPoints`. */
export function lenaContext(
  maxPoints: number,
  missionRejection = "Noch nicht ganz.",
): ScriptContext {
  return { character: "Lena", maxPoints, rejection: "Leider falsch.", missionRejection };
}

/** Ink source compiled to the JSON the engine runs. */
export function compileInk(source: string): string {
  const json = new Compiler(source).Compile().ToJson();
  if (!json) throw new Error("no JSON from the ink compiler");
  return json;
}
