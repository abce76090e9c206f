import { useId, useState } from "react";
import { opsRoles } from "@wegmarke/protocol";
import type { OpsMe, OpsOperator, OpsOperatorCreated, OpsRole } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { addTeamOperator, getOperators, setOperatorRoles } from "../../api/team-api";
import { useI18n } from "../../i18n/i18n";
import { formatDateTime } from "../../lib/format";
import { useCall } from "../../lib/use-call";

/** Whether `me` holds every role: only such an operator manages the others. */
const managesTeam = (me: OpsMe) => opsRoles.every((role) => me.roles.includes(role));

/** The checkboxes of the roles, author and host; none makes a viewer. */
function RoleChoice({
  roles,
  onChange,
  disabled = false,
  name,
}: {
  roles: OpsRole[];
  onChange: (roles: OpsRole[]) => void;
  disabled?: boolean;
  name: string;
}) {
  const { t } = useI18n();
  return (
    <span className="team__roles">
      {opsRoles.map((role) => (
        <label className="checkbox" key={role}>
          <input
            type="checkbox"
            checked={roles.includes(role)}
            disabled={disabled}
            aria-label={t("team.roleOf", { role: t(`roles.${role}`), name })}
            onChange={(event) =>
              onChange(
                opsRoles.filter((r) => (r === role ? event.target.checked : roles.includes(r))),
              )
            }
          />
          {t(`roles.${role}`)}
        </label>
      ))}
    </span>
  );
}

/** One operator with their roles, saved on demand; one's own roles cannot be changed. */
function OperatorRow({ operator, own }: { operator: OpsOperator; own: boolean }) {
  const texts = useI18n();
  const { t, locale } = texts;
  const [saved, setSaved] = useState(operator.roles);
  const [roles, setRoles] = useState(operator.roles);
  const [state, setState] = useState<
    { kind: "idle" | "saving" | "saved" } | { kind: "failed"; error: unknown }
  >({ kind: "idle" });
  const save = async () => {
    setState({ kind: "saving" });
    try {
      const changed = await setOperatorRoles(operator.name, roles);
      setSaved(changed.roles);
      setState({ kind: "saved" });
    } catch (error) {
      setState({ kind: "failed", error });
    }
  };
  const dirty = roles.join() !== saved.join();
  return (
    <li className="team__operator" aria-label={operator.name}>
      <strong>{operator.name}</strong>
      {own && <span className="pill">{t("team.you")}</span>}
      <span className="muted">
        {t("team.since", { time: formatDateTime(operator.createdAt, locale) })}
      </span>
      <RoleChoice
        roles={roles}
        name={operator.name}
        disabled={own}
        onChange={(next) => {
          setRoles(next);
          setState({ kind: "idle" });
        }}
      />
      {dirty && (
        <button
          type="button"
          className="button"
          disabled={state.kind === "saving"}
          onClick={() => void save()}
        >
          {t("team.save", { name: operator.name })}
        </button>
      )}
      {state.kind === "saved" && (
        <span role="status" className="notice notice--success">
          {t("team.saved", { name: operator.name })}
        </span>
      )}
      {state.kind === "failed" && (
        <span role="alert" className="notice notice--error">
          {errorText(state.error, texts)}
        </span>
      )}
    </li>
  );
}

/** A new operator: a name and roles; the one-time password is shown once. */
function NewOperator({ onAdded }: { onAdded: () => void }) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [name, setName] = useState("");
  const [roles, setRoles] = useState<OpsRole[]>(["host"]);
  const [added, setAdded] = useState<OpsOperatorCreated | null>(null);
  const [error, setError] = useState<unknown>(null);
  const add = async () => {
    setError(null);
    try {
      setAdded(await addTeamOperator(name.trim().toLowerCase(), roles));
      setName("");
      onAdded();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section className="panel stack" aria-labelledby={id}>
      <h2 id={id}>{t("team.addHeading")}</h2>
      <form
        className="studio__new"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <label className="field">
          <span>{t("team.name")}</span>
          <input
            value={name}
            autoComplete="off"
            pattern="[A-Za-z0-9][A-Za-z0-9._\-]{0,39}"
            required
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <RoleChoice roles={roles} onChange={setRoles} name={t("team.newOne")} />
        <button type="submit" className="button button--primary">
          {t("team.add")}
        </button>
      </form>
      {added !== null && (
        <div className="notice notice--success" role="status">
          <p>{t("team.added", { name: added.name })}</p>
          <p>
            <code className="team__password">{added.password}</code>
          </p>
          <p>{t("team.onlyNow")}</p>
        </div>
      )}
      {error !== null && (
        <p className="notice notice--error" role="alert">
          {errorText(error, texts)}
        </p>
      )}
    </section>
  );
}

/**
 * The team: who operates the game and what each may do. An operator with both roles adds
 * operators (with a one-time password to hand over) and sets the others' roles.
 */
export function TeamView({ me }: { me: OpsMe }) {
  const texts = useI18n();
  const { t } = texts;
  const manager = managesTeam(me);
  const operators = useCall(manager ? "operators" : "operators:none", (signal) =>
    manager ? getOperators(signal) : Promise.resolve(null),
  );
  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("nav.team")}</h1>
      <p>{t("team.text")}</p>
      {!manager ? (
        <p className="muted">{t("team.needsBoth")}</p>
      ) : operators.error !== undefined ? (
        <p className="notice notice--error" role="alert">
          {errorText(operators.error, texts)}
        </p>
      ) : operators.data === undefined || operators.data === null ? (
        <p aria-busy="true">{t("app.loading")}</p>
      ) : (
        <>
          <section className="panel stack">
            <ul className="team__list">
              {operators.data.operators.map((operator) => (
                <OperatorRow
                  key={operator.name}
                  operator={operator}
                  own={operator.name === me.name}
                />
              ))}
            </ul>
          </section>
          <NewOperator onAdded={operators.reload} />
        </>
      )}
    </div>
  );
}
