import type { LocaleOverrides } from "../locale";

/** The clock's texts that say "Sie" (de-formal.ts): the others are German's. */
export const gameClock: NonNullable<LocaleOverrides["gameClock"]> = {
  beforeHint: "Bis dahin können Sie sich die Stationen schon ansehen.",
};
