import { createContext, use } from "react";
import { opsRoles } from "@wegmarke/protocol";
import type { OpsRole } from "@wegmarke/protocol";
import { useI18n } from "../i18n/i18n";

/** What the signed-in operator may do besides looking; the shell provides it from `me`. */
export const RolesContext = createContext<readonly OpsRole[]>(opsRoles);

/** Whether the operator has `role`. */
export function useRole(role: OpsRole): boolean {
  return use(RolesContext).includes(role);
}

/** Said in place of an action that needs a role the operator lacks. */
export function RoleNote({ role }: { role: OpsRole }) {
  const { t } = useI18n();
  return <p className="muted">{t(role === "author" ? "roles.needsAuthor" : "roles.needsHost")}</p>;
}

/** The operator's roles as the header names them: "author, host", or "viewer". */
export function useRolesText(roles: readonly OpsRole[]): string {
  const { t } = useI18n();
  if (roles.length === 0) return t("roles.viewer");
  return roles.map((role) => t(role === "author" ? "roles.author" : "roles.host")).join(", ");
}
