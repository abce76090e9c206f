import type { ReactNode } from "react";
import type { Language } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";

/**
 * A form's fields per language in columns, side by side on a wide screen and one after the
 * other on a phone, each column a group named after its language; `children` makes a column's
 * fields, given its language and that language's name.
 */
export function LanguageColumns({
  columns,
  children,
}: {
  columns: Language[];
  children: (language: Language, name: string) => ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="station-texts" style={{ ["--columns" as string]: columns.length }}>
      {columns.map((language) => {
        const name = t(`news.lang.${language}`);
        return (
          <div key={language} className="station-texts__language" role="group" aria-label={name}>
            <h3>{name}</h3>
            {children(language, name)}
          </div>
        );
      })}
    </div>
  );
}
