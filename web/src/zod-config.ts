import { z } from "zod";

// zod would probe `new Function` to parse faster; the Content-Security-Policy forbids eval, and
// the browser reports each probe as a violation. Imported first by main.tsx, before any parse.
z.config({ jitless: true });
