import { createContext, use } from "react";
import { opsRoles } from "@wegmarke/protocol";
import type { OpsRole } from "@wegmarke/protocol";
import { useI18n } from "../i18n/i18n";

/** What the signed-in operator may do besides looking; the shell provides it from `me`. */
export const RolesContext = createContext<readonly OpsRole[]>(opsRoles);

/** Whether `roles` hold `role` ("either": one of the two, not a viewer's none). */
export function hasRole(roles: readonly OpsRole[], role: OpsRole | "either"): boolean {
  return role === "either" ? roles.length > 0 : roles.includes(role);
}

/** Whether the operator has `role`. */
export function useRole(role: OpsRole | "either"): boolean {
  return hasRole(use(RolesContext), role);
}

const needs = {
  author: "roles.needsAuthor",
  host: "roles.needsHost",
  either: "roles.needsEither",
} as const;

/** Said in place of an action that needs a role the operator lacks. */
export function RoleNote({ role }: { role: OpsRole | "either" }) {
  const { t } = useI18n();
  return <p className="muted">{t(needs[role])}</p>;
}

/** The operator's roles as the header names them: "author, host", or "viewer". */
export function useRolesText(roles: readonly OpsRole[]): string {
  const { t } = useI18n();
  if (roles.length === 0) return t("roles.viewer");
  return roles.map((role) => t(role === "author" ? "roles.author" : "roles.host")).join(", ");
}
