import { useI18n } from "../i18n/i18n";
import { Instances } from "./instances";
import { PackVersions } from "./pack-versions";

/** The pack's versions, and which one each instance runs. */
export function VersionsView() {
  const { t } = useI18n();
  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("nav.versions")}</h1>
      <PackVersions />
      <Instances />
    </div>
  );
}
