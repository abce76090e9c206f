import { useId, useState } from "react";
import type { ChangeEvent } from "react";
import type { OpsPackImportOutcome, OpsPackVersion, OpsReloadOutcome } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { gameZipUrl } from "../../api/games-api";
import { getPackVersions, importPack, packZipUrl, releasePack } from "../../api/ops-api";
import { Confirm } from "../../components/confirm";
import { ProblemList } from "../../components/problem-list";
import { RoleNote, useRole } from "../../components/roles";
import { useI18n } from "../../i18n/i18n";
import type { Texts } from "../../i18n/i18n";
import { formatBytes, formatDateTime } from "../../lib/format";
import { useCall } from "../../lib/use-call";
import { VersionChanges } from "./version-changes";

type Outcome =
  | { kind: "imported"; id: number; outcome: OpsPackImportOutcome }
  | { kind: "released"; id: number; outcome: OpsReloadOutcome }
  | { kind: "failed"; error: unknown };

/** Where a version came from, and who made it. */
function originText(version: OpsPackVersion, { t }: Pick<Texts, "t">): string {
  const source = t(`versions.source.${version.source}`);
  return version.author === null ? source : t("versions.by", { source, name: version.author });
}

/** Live now, when it was last, or never. */
function stateText(version: OpsPackVersion, { t, locale }: Pick<Texts, "t" | "locale">): string {
  if (version.live) return t("versions.live");
  if (version.releasedAt === null) return t("versions.never");
  return t("versions.was", { time: formatDateTime(version.releasedAt, locale) });
}

/** What came of an import or a release, with the pack's problems or warnings. */
function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  const texts = useI18n();
  const { t, tn } = texts;
  if (outcome.kind === "failed") {
    return (
      <p className="notice notice--error" role="alert">
        {errorText(outcome.error, texts)}
      </p>
    );
  }
  const result = outcome.outcome;
  if (!result.ok) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{tn(`versions.${outcome.kind}Refused`, result.problems.length)}</p>
        <ProblemList problems={result.problems} />
      </div>
    );
  }
  const done =
    outcome.kind === "imported"
      ? t("versions.imported", { id: outcome.id })
      : t("versions.released", { id: outcome.id });
  return (
    <div className="notice notice--success" role="status">
      <p>{done}</p>
      {result.warnings.length > 0 && (
        <>
          <p>{tn("reload.warnings", result.warnings.length)}</p>
          <ProblemList problems={result.warnings} />
        </>
      )}
    </div>
  );
}

type CardProps = {
  version: OpsPackVersion;
  asking: boolean;
  onAsk: () => void;
  onKeep: () => void;
  onRelease: () => Promise<void>;
};

/** One version: its number and code, whether it is live, where it came from, its files. */
function VersionCard({ version, asking, onAsk, onKeep, onRelease }: CardProps) {
  const texts = useI18n();
  const { t, locale } = texts;
  const titleId = useId();
  const [showing, setShowing] = useState(false);
  const author = useRole("author");
  return (
    <li className={version.live ? "version version--live" : "version"} aria-labelledby={titleId}>
      <div className="version__head">
        <h3 id={titleId} className="version__title">
          {t("versions.title", { id: version.number })}{" "}
          <code className="muted">{version.digest.slice(0, 12)}</code>
        </h3>
        <span className={version.live ? "pill pill--online" : "pill"}>
          {stateText(version, texts)}
        </span>
      </div>
      <p className="version__meta">
        <span>{originText(version, texts)}</span>
        <span>{formatDateTime(version.createdAt, locale)}</span>
        <span>
          {t("versions.filesSize", {
            files: version.files,
            size: formatBytes(version.bytes, locale),
          })}
        </span>
      </p>
      <p className="version__actions">
        {author && (
          <a className="button button--small" href={packZipUrl(version.id)} download>
            {t("versions.zip", { id: version.number })}
          </a>
        )}
        {author && !version.live && !asking && (
          <button type="button" className="button button--small" onClick={onAsk}>
            {t("versions.release", { id: version.number })}
          </button>
        )}
      </p>
      {/* The pack's sources (scripts with their answers) are the authors'. */}
      {author && (
        <p>
          <button
            type="button"
            className="button button--small"
            aria-expanded={showing}
            onClick={() => setShowing((shown) => !shown)}
          >
            {showing
              ? t("versions.hideChanges")
              : t("versions.showChanges", { id: version.number })}
          </button>
        </p>
      )}
      {showing && <VersionChanges id={version.id} />}
      {asking && (
        <Confirm
          question={t("versions.question", { id: version.number })}
          confirmLabel={t("versions.confirm")}
          keepLabel={t("versions.keep")}
          onConfirm={onRelease}
          onKeep={onKeep}
        />
      )}
    </li>
  );
}

/**
 * The pack's versions, newest first: which is live, where each came from and when it was live;
 * each as a zip of the pack's folder, and made live again in two steps (publish, roll back). A
 * zip of a pack's folder is imported as a new version, checked as `content:check` checks it;
 * the whole game (live version and draft) is a zip too, for the games page's import.
 */
export function PackVersions() {
  const texts = useI18n();
  const { t } = texts;
  const headingId = useId();
  const fileId = useId();
  const list = useCall("pack-versions", (signal) => getPackVersions(signal));
  const author = useRole("author");
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const versions = list.data?.versions ?? [];

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const imported = await importPack(file);
      setOutcome({
        kind: "imported",
        id: imported.ok ? imported.version.number : 0,
        outcome: imported,
      });
      list.reload();
    } catch (error) {
      setOutcome({ kind: "failed", error });
    } finally {
      input.value = "";
      setBusy(false);
    }
  };

  const release = async ({ id, number }: OpsPackVersion) => {
    const result = await releasePack(id);
    setAsking(null);
    setOutcome({ kind: "released", id: number, outcome: result });
    list.reload();
  };

  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("versions.heading")}</h2>
      <p>{t("versions.text")}</p>
      {author ? (
        <>
          <p>
            <a className="button button--small" href={gameZipUrl()} download>
              {t("versions.gameZip")}
            </a>
          </p>
          <p className="versions__import">
            <label htmlFor={fileId}>{t("versions.import")}</label>{" "}
            <input
              id={fileId}
              type="file"
              accept=".zip,application/zip"
              disabled={busy}
              onChange={(event) => void upload(event)}
            />
            {busy && <span aria-busy="true"> {t("versions.importing")}</span>}
          </p>
        </>
      ) : (
        <RoleNote role="author" />
      )}
      {outcome !== null && <OutcomeNotice outcome={outcome} />}
      {list.error !== undefined && (
        <p className="notice notice--error" role="alert">
          {errorText(list.error, texts)}
        </p>
      )}
      {list.data === undefined && list.error === undefined && (
        <p aria-busy="true">{t("app.loading")}</p>
      )}
      {list.data !== undefined && versions.length === 0 && <p>{t("versions.none")}</p>}
      {versions.length > 0 && (
        <ol className="versions" aria-labelledby={headingId}>
          {versions.map((version) => (
            <VersionCard
              key={version.id}
              version={version}
              asking={asking === version.id}
              onAsk={() => {
                setOutcome(null);
                setAsking(version.id);
              }}
              onKeep={() => setAsking(null)}
              onRelease={() => release(version)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
