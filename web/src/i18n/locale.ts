import type { en } from "./en";

/** The shape every locale must have: the fallback's keys, any string values. */
type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export type Locale = Shape<typeof en>;

type Overrides<T> = { readonly [K in keyof T]?: T[K] extends string ? string : Overrides<T[K]> };

/** A variant of a locale: some of its texts, the rest taken from the locale it varies. */
export type LocaleOverrides = Overrides<Locale>;
