import { RoleNote, useRole } from "../../components/roles";
import { useState } from "react";
import { exportSeparators } from "@wegmarke/protocol";
import type { ExportSeparator } from "@wegmarke/protocol";
import { exportUrl } from "../../api/ops-api";
import { usualSeparator, useI18n } from "../../i18n/i18n";
import type { TextKey } from "../../i18n/en";
import { exportFileName, localTimeZone } from "../../lib/format";

const separatorNames: Record<ExportSeparator, TextKey> = {
  semicolon: "export.separator.semicolon",
  comma: "export.separator.comma",
  tab: "export.separator.tab",
};

/**
 * The export's two tables as CSV downloads (players; players and stations with the answers
 * given), with the separator the office's spreadsheet expects and times in this computer's
 * time zone.
 */
export function ExportPanel() {
  const { t, language } = useI18n();
  const host = useRole("host");
  const [chosen, setChosen] = useState<ExportSeparator | null>(null);
  const separator = chosen ?? usualSeparator[language];
  const timeZone = localTimeZone();
  const today = new Date();

  return (
    <section className="panel stack" aria-labelledby="export-heading">
      <h2 id="export-heading">{t("export.heading")}</h2>
      <p>{t("export.text")}</p>
      <div className="field">
        <label htmlFor="export-separator">{t("export.separator")}</label>
        <select
          id="export-separator"
          value={separator}
          onChange={(event) => setChosen(event.target.value as ExportSeparator)}
        >
          {exportSeparators.map((value) => (
            <option key={value} value={value}>
              {t(separatorNames[value])}
            </option>
          ))}
        </select>
      </div>
      <p className="muted">{t("export.timeZone", { zone: timeZone })}</p>
      {!host && <RoleNote role="host" />}
      <p className="export-links" hidden={!host}>
        <a
          className="button"
          href={exportUrl("players", separator, timeZone)}
          download={exportFileName("players", today)}
        >
          {t("export.players")}
        </a>
        <a
          className="button"
          href={exportUrl("stations", separator, timeZone)}
          download={exportFileName("stations", today)}
        >
          {t("export.stations")}
        </a>
      </p>
    </section>
  );
}
