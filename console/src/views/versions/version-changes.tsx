import type { OpsPackFileChange } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getPackChanges } from "../../api/ops-api";
import { Hunks } from "../../components/hunks";
import { useI18n } from "../../i18n/i18n";
import { formatBytes } from "../../lib/format";
import { useCall } from "../../lib/use-call";

function FileChange({ file }: { file: OpsPackFileChange }) {
  const { t, locale } = useI18n();
  const size = (bytes: number | null) => (bytes === null ? "–" : formatBytes(bytes, locale));
  return (
    <li>
      <details className="diff">
        <summary>
          <span className={`diff__change diff__change--${file.change}`}>
            {t(`versions.change.${file.change}`)}
          </span>{" "}
          <code>{file.path}</code>{" "}
          <span className="muted">
            {file.change === "changed"
              ? `${size(file.sizeBefore)} → ${size(file.sizeAfter)}`
              : size(file.sizeAfter ?? file.sizeBefore)}
          </span>
        </summary>
        {file.hunks === undefined ? (
          <p className="muted">{t("versions.noLines")}</p>
        ) : (
          <Hunks hunks={file.hunks} />
        )}
      </details>
    </li>
  );
}

/** The files a version changed against the one before it, each opening to its lines. */
export function VersionChanges({ id }: { id: number }) {
  const texts = useI18n();
  const { t, tn } = texts;
  const changes = useCall(`changes:${id}`, (signal) => getPackChanges(id, signal));
  if (changes.error !== undefined) {
    return (
      <p className="notice notice--error" role="alert">
        {errorText(changes.error, texts)}
      </p>
    );
  }
  if (changes.data === undefined) return <p aria-busy="true">{t("app.loading")}</p>;
  const { baseNumber: base, files } = changes.data;
  const intro =
    base === null
      ? tn("versions.first", files.length)
      : files.length === 0
        ? t("versions.same", { base })
        : tn("versions.against", files.length, { base });
  return (
    <div className="stack">
      <p>{intro}</p>
      {files.length > 0 && (
        <ul className="diff-list">
          {files.map((file) => (
            <FileChange key={file.path} file={file} />
          ))}
        </ul>
      )}
    </div>
  );
}
