import type { OpsInstance, OpsPackVersion } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";
import type { Texts } from "../../i18n/i18n";
import { formatDateTime, formatTime } from "../../lib/format";
import { useLiveState } from "../../live/live-context";

/** What an instance's last reload came to. */
function reloadText({ reload }: OpsInstance, { t, tn, locale }: Texts): string {
  if (reload === null) return t("instances.noReload");
  const time = formatTime(reload.at, locale);
  return reload.ok
    ? t("instances.took", { time })
    : tn("instances.refused", reload.problems, { time });
}

/**
 * Every instance of the deployment with the pack it runs and its last reload, from the live
 * overview: after a reload, each says whether it took the pack or refused it.
 */
export function Instances({ versions: known = [] }: { versions?: OpsPackVersion[] }) {
  const texts = useI18n();
  const { t, locale } = texts;
  const [{ overview }] = useLiveState();
  const number = new Intl.NumberFormat(locale);
  const instances = overview?.instances ?? [];
  const versions = new Set(instances.map((instance) => instance.version)).size;
  return (
    <section className="panel stack" aria-labelledby="instances-heading">
      <h2 id="instances-heading">{t("instances.heading")}</h2>
      <p>{t("instances.text")}</p>
      {overview === null ? (
        <p aria-busy="true">{t("instances.waiting")}</p>
      ) : (
        <div
          className="table-scroll"
          role="region"
          aria-labelledby="instances-heading"
          tabIndex={0}
        >
          <table className="table" aria-labelledby="instances-heading">
            <thead>
              <tr>
                <th scope="col">{t("instances.instance")}</th>
                <th scope="col">{t("instances.version")}</th>
                <th scope="col">{t("instances.reload")}</th>
                <th scope="col" className="num">
                  {t("instances.players")}
                </th>
                <th scope="col" className="num">
                  {t("instances.streams")}
                </th>
                <th scope="col">{t("instances.since")}</th>
              </tr>
            </thead>
            <tbody>
              {instances.map((instance, index) => (
                <tr key={instance.id}>
                  <th scope="row">
                    {t("instances.name", { number: index + 1 })}{" "}
                    <span className="muted">
                      {t("instances.where", { host: instance.host, id: instance.id.slice(0, 8) })}
                    </span>
                  </th>
                  <td>
                    {numberOf(known, instance.version) !== undefined &&
                      `${t("versions.title", { id: numberOf(known, instance.version) ?? 0 })} `}
                    <code>{instance.version}</code>
                  </td>
                  <td className={instance.reload?.ok === false ? "instances__refused" : undefined}>
                    {reloadText(instance, texts)}
                  </td>
                  <td className="num">{number.format(instance.players)}</td>
                  <td className="num">{number.format(instance.streams)}</td>
                  <td>{formatDateTime(instance.startedAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {versions > 1 && (
        <p className="notice notice--error" role="alert">
          {t("instances.versions", { count: versions })}
        </p>
      )}
    </section>
  );
}

/** The number of the stored version whose digest starts with an instance's version code. */
function numberOf(versions: OpsPackVersion[], code: string): number | undefined {
  return versions.find((version) => version.digest.startsWith(code))?.number;
}
