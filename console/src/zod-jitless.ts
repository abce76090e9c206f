// What `import ... from "zod"` gets in the console (an alias in vite.config.ts): zod, set up
// before any schema is made. zod would probe `new Function` to parse faster; the
// Content-Security-Policy forbids eval, and the browser reports each probe as a violation.
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
