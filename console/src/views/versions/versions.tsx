import { getPackVersions } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import { useCall } from "../../lib/use-call";
import { useLiveState } from "../../live/live-context";
import { Instances } from "../instances/instances";
import { PackVersions } from "./pack-versions";

/** The pack's versions, and which one each instance runs. */
export function VersionsView() {
  const { t } = useI18n();
  // The instances' versions by number as well as by code, read again when one changes.
  const [{ overview }] = useLiveState();
  const codes = (overview?.instances ?? []).map((instance) => instance.version).join(",");
  const versions = useCall(`instances-versions:${codes}`, (signal) => getPackVersions(signal));
  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("nav.versions")}</h1>
      <PackVersions />
      <Instances versions={versions.data?.versions ?? []} />
    </div>
  );
}
