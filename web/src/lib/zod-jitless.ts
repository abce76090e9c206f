// What `import ... from "zod"` gets in the web app (an alias in vite.config.ts): zod, set up
// before any schema is made. zod would probe `new Function` to parse faster, when the first
// object schema is made; the Content-Security-Policy forbids eval, and the browser reports
// each probe as a violation. zod loads on demand, with the first screen that parses
// (docs/performance.md), so no module of the first load can set this up in time for it.
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
