import type { ReactNode } from "react";
import type { Language, OpsGameTextsForm, OpsLocalized } from "@wegmarke/protocol";
import { useI18n } from "../../i18n/i18n";

/* The fields of the studio's texts form: texts side by side, entries of lists, pictures. */

/** A text in each language side by side; one German has and another lacks is marked missing. */
export function Localized({
  label,
  columns,
  value,
  onChange,
  rows = 1,
}: {
  label: string;
  columns: Language[];
  value: OpsLocalized;
  onChange: (value: OpsLocalized) => void;
  rows?: number;
}) {
  const { t } = useI18n();
  return (
    <div className="station-texts" style={{ ["--columns" as string]: columns.length }}>
      {columns.map((language) => {
        const text = value[language] ?? "";
        const missing = text === "" && (value.de ?? "") !== "";
        const input = {
          value: text,
          "aria-label": `${label} (${t(`news.lang.${language}`)})`,
          className: missing ? "station-texts__missing" : undefined,
          onChange: (event: { target: { value: string } }) =>
            onChange({ ...value, [language]: event.target.value }),
        };
        return (
          <label key={language} className="field">
            <span>
              {label} · {t(`news.lang.${language}`)}
              {missing && <span className="pill pill--warning"> {t("station.missing")}</span>}
            </span>
            {rows === 1 ? <input {...input} /> : <textarea rows={rows} {...input} />}
          </label>
        );
      })}
    </div>
  );
}

export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="station-form__group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

type Remove = { label: string; onRemove: () => void };

/** One entry of a list of texts, with a button to remove it where the list allows. */
export function Item({ remove, children }: { remove?: Remove; children: ReactNode }) {
  return (
    <div className="stack texts__item">
      {children}
      {remove && (
        <p>
          <button type="button" className="button button--small" onClick={remove.onRemove}>
            {remove.label}
          </button>
        </p>
      )}
    </div>
  );
}

type HeadedText = OpsGameTextsForm["help"][number];

/** A headline and its text (a help question, an introduction's step) in every language. */
export function Headed({
  columns,
  labels: [headlineLabel, textLabel],
  item,
  onChange,
  remove,
  children,
}: {
  columns: Language[];
  labels: [string, string];
  item: HeadedText;
  onChange: (item: HeadedText) => void;
  remove?: Remove;
  /** More of the entry below its texts (an introduction step's picture). */
  children?: ReactNode;
}) {
  return (
    <Item {...(remove && { remove })}>
      <Localized
        label={headlineLabel}
        columns={columns}
        value={item.headline}
        onChange={(headline) => onChange({ ...item, headline })}
      />
      <Localized
        label={textLabel}
        columns={columns}
        rows={3}
        value={item.text}
        onChange={(text) => onChange({ ...item, text })}
      />
      {children}
    </Item>
  );
}

type Provider = NonNullable<OpsGameTextsForm["provider"]>;

/** Who is responsible for the players' data: name, address (a line each) and e-mail. */
export function ProviderFields({
  value,
  onChange,
}: {
  value: Provider;
  onChange: (value: Provider) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="stack texts__item">
      <label className="field">
        <span>{t("texts.providerName")}</span>
        <input
          value={value.name}
          onChange={(event) => onChange({ ...value, name: event.target.value })}
        />
      </label>
      <label className="field">
        <span>{t("texts.providerAddress")}</span>
        <textarea
          rows={Math.max(3, value.address.length)}
          value={value.address.join("\n")}
          onChange={(event) => onChange({ ...value, address: event.target.value.split("\n") })}
        />
      </label>
      <label className="field">
        <span>{t("texts.providerEmail")}</span>
        <input
          type="email"
          value={value.email}
          onChange={(event) => onChange({ ...value, email: event.target.value })}
        />
      </label>
    </div>
  );
}
