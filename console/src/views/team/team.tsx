import { useId, useState } from "react";
import { opsRoles } from "@wegmarke/protocol";
import type { OpsMe, OpsOperator, OpsOperatorCreated } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { addTeamOperator, getOperators, setOperatorRoles } from "../../api/team-api";
import type { OperatorGrant } from "../../api/team-api";
import { useI18n } from "../../i18n/i18n";
import { formatDateTime } from "../../lib/format";
import { useCall } from "../../lib/use-call";

/**
 * The checkboxes of what an operator may do: see this game, author and host in it (neither
 * makes a viewer), and the installation's admin.
 */
function GrantChoice({
  grant,
  onChange,
  disabled = false,
  name,
  fixedMember = false,
}: {
  grant: OperatorGrant;
  onChange: (grant: OperatorGrant) => void;
  disabled?: boolean;
  name: string;
  /** A new operator sees the game they are added to. */
  fixedMember?: boolean;
}) {
  const { t } = useI18n();
  /** One checkbox: its text, and its name with the operator's (`text: name`) for assistive use. */
  const box = (
    text: string,
    named: string,
    checked: boolean,
    change: (on: boolean) => void,
    off = false,
  ) => (
    <label className="checkbox" key={text}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled || off}
        aria-label={named}
        onChange={(event) => change(event.target.checked)}
      />
      {text}
    </label>
  );
  return (
    <span className="team__roles">
      {!fixedMember &&
        box(t("team.member"), t("team.memberOf", { name }), grant.member, (member) =>
          onChange({ ...grant, member, roles: member ? grant.roles : [] }),
        )}
      {opsRoles.map((role) =>
        box(
          t(`roles.${role}`),
          t("team.roleOf", { role: t(`roles.${role}`), name }),
          grant.roles.includes(role),
          (on) =>
            onChange({
              ...grant,
              roles: opsRoles.filter((r) => (r === role ? on : grant.roles.includes(r))),
            }),
          !grant.member,
        ),
      )}
      {box(t("team.admin"), t("team.adminOf", { name }), grant.admin, (admin) =>
        onChange({ ...grant, admin }),
      )}
    </span>
  );
}

const grantOf = ({ roles, member, admin }: OpsOperator): OperatorGrant => ({
  roles,
  member,
  admin,
});

const sameGrant = (a: OperatorGrant, b: OperatorGrant) =>
  a.roles.join() === b.roles.join() && a.member === b.member && a.admin === b.admin;

/** One operator with what they may do, saved on demand; one's own cannot be changed. */
function OperatorRow({ operator, own }: { operator: OpsOperator; own: boolean }) {
  const texts = useI18n();
  const { t, locale } = texts;
  const [saved, setSaved] = useState(grantOf(operator));
  const [grant, setGrant] = useState(grantOf(operator));
  const [state, setState] = useState<
    { kind: "idle" | "saving" | "saved" } | { kind: "failed"; error: unknown }
  >({ kind: "idle" });
  const save = async () => {
    setState({ kind: "saving" });
    try {
      const changed = grantOf(await setOperatorRoles(operator.name, grant));
      setSaved(changed);
      setGrant(changed);
      setState({ kind: "saved" });
    } catch (error) {
      setState({ kind: "failed", error });
    }
  };
  const dirty = !sameGrant(grant, saved);
  return (
    <li className="team__operator" aria-label={operator.name}>
      <strong>{operator.name}</strong>
      {own && <span className="pill">{t("team.you")}</span>}
      <span className="muted">
        {t("team.since", { time: formatDateTime(operator.createdAt, locale) })}
      </span>
      <GrantChoice
        grant={grant}
        name={operator.name}
        disabled={own}
        onChange={(next) => {
          setGrant(next);
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
  const [grant, setGrant] = useState<OperatorGrant>({
    roles: ["host"],
    member: true,
    admin: false,
  });
  const [added, setAdded] = useState<OpsOperatorCreated | null>(null);
  const [error, setError] = useState<unknown>(null);
  const add = async () => {
    setError(null);
    try {
      setAdded(await addTeamOperator(name.trim().toLowerCase(), grant));
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
        <GrantChoice grant={grant} onChange={setGrant} name={t("team.newOne")} fixedMember />
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
 * The team: who operates this game and what each may do here. An admin of the installation
 * adds operators (with a one-time password to hand over) and sets the others' roles.
 */
export function TeamView({ me }: { me: OpsMe }) {
  const texts = useI18n();
  const { t } = texts;
  const manager = me.admin;
  const operators = useCall(manager ? "operators" : "operators:none", (signal) =>
    manager ? getOperators(signal) : Promise.resolve(null),
  );
  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("nav.team")}</h1>
      <p>{t("team.text")}</p>
      {!manager ? (
        <p className="muted">{t("team.needsAdmin")}</p>
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
