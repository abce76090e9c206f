import type { en } from "./en";

// Translation keys are typed from the fallback locale, so a missing key fails `tsc`.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
