import { lazyComponent } from "../lib/lazy-component";

// The signed-in game's runtime (its store, the event stream, the reducer) and its layout load
// with the first screen that needs them: the login and the other open screens go without.
export const GameShell = lazyComponent(() =>
  import("./game-shell").then((module) => module.GameShell),
);
export const RequireTeam = lazyComponent(() =>
  import("./game-shell").then((module) => module.RequireTeam),
);
