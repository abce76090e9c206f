import type { OpsStationStats } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import { formatDuration } from "../../lib/format";

/** Every station's figures in the pack's order; it scrolls sideways on a phone. */
export function FunnelTable({
  stations,
  labelledBy,
}: {
  stations: OpsStationStats[];
  /** The id of the heading that names the table. */
  labelledBy: string;
}) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale);
  return (
    <div className="table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{t("funnel.station")}</th>
            <th scope="col" className="num">
              {t("funnel.activated")}
            </th>
            <th scope="col" className="num">
              {t("funnel.running")}
            </th>
            <th scope="col" className="num">
              {t("funnel.idle")}
            </th>
            <th scope="col" className="num">
              {t("funnel.done")}
            </th>
            <th scope="col" className="num">
              {t("funnel.cancelled")}
            </th>
            <th scope="col" className="num">
              {t("funnel.averageTime")}
            </th>
            <th scope="col" className="num">
              {t("funnel.wrongAnswers")}
            </th>
            <th scope="col" className="num">
              {t("funnel.hints")}
            </th>
          </tr>
        </thead>
        <tbody>
          {stations.map((station) => (
            <tr key={station.id}>
              <th scope="row">{station.title}</th>
              <td className="num">{number.format(station.activated)}</td>
              <td className="num">{number.format(station.running)}</td>
              <td className="num">{number.format(station.idle)}</td>
              <td className="num">{number.format(station.done)}</td>
              <td className="num">{number.format(station.cancelled)}</td>
              <td className="num">
                {station.averageSecondsToDone === null
                  ? t("funnel.notYet")
                  : formatDuration(station.averageSecondsToDone)}
              </td>
              <td className="num">{number.format(station.wrongAnswers)}</td>
              <td className="num">{number.format(station.hintsUsed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
