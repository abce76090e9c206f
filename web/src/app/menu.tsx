import { useEffect, useRef } from "react";
import type { KeyboardEvent } from "react";
import { useTranslation } from "../i18n/use-translation";
import { NavLink } from "react-router";
import { useConfirm } from "../components/confirm";
import { LanguagePicker } from "../components/language-picker";
import { pushSubscribed } from "../push/push-support";
import { PushSwitch } from "../push/push-switch";
import { InstallEntry } from "./install-entry";
import { focusableBeyond, moveFocusByArrow } from "../lib/arrow-focus";
import { useSession } from "../session/session";
import { useAccount } from "../session/use-account";
import "./menu.css";

type MenuProps = {
  id: string;
  /** `restoreFocus`: give focus back to the menu button (Escape). */
  onClose(restoreFocus: boolean): void;
};

/** The header menu: sections, language and logout. Arrows move, Escape and Tab close. */
export function Menu({ id, onClose }: MenuProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { config, content, language, setLanguage, signOut, token } = useSession();
  const { account } = useAccount();
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    navRef.current?.querySelector<HTMLElement>("a, button")?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Tab") {
      const next = navRef.current && focusableBeyond(navRef.current, event.shiftKey);
      if (next) {
        event.preventDefault();
        next.focus();
      }
      onClose(false);
      return;
    }
    const items = [...(navRef.current?.querySelectorAll<HTMLElement>("a, button") ?? [])];
    if (moveFocusByArrow(items, event.key)) event.preventDefault();
  }

  async function logout() {
    const ok = await confirm({
      title: t("logout.title"),
      // Only a game without an account ends with the sign-out.
      text: account === "registered" ? t("logout.textRegistered") : t("logout.text"),
      confirmLabel: t("logout.confirm"),
      cancelLabel: t("logout.cancel"),
      destructive: true,
    });
    if (!ok) return;
    onClose(false);
    // The device's pushes end with the session: the server needs the token to end them.
    if (token !== null && (await pushSubscribed())) {
      const { disablePush } = await import("../push/push-client");
      await disablePush({ gameBase: config.gameBase, token }).catch(() => undefined);
    }
    signOut();
  }

  const link = ({ isActive }: { isActive: boolean }) =>
    isActive ? "menu__link menu__link--active" : "menu__link";

  return (
    <nav id={id} ref={navRef} className="menu" aria-label={t("nav.main")} onKeyDown={onKeyDown}>
      <ul className="menu__list">
        <li>
          <NavLink to="/" end className={link} onClick={() => onClose(false)}>
            {t("nav.news")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/station" className={link} onClick={() => onClose(false)}>
            {t("nav.stations")}
          </NavLink>
        </li>
        {content?.map && (
          <li>
            <NavLink to="/map" className={link} onClick={() => onClose(false)}>
              {t("nav.map")}
            </NavLink>
          </li>
        )}
        {/* Spec 2: points is a hidden entry, reachable from home, stories and the footer. */}
        <li>
          <NavLink to="/stories" className={link} onClick={() => onClose(false)}>
            {t("nav.stories")}
          </NavLink>
        </li>
        {config.allowTeams && (
          <li>
            <NavLink to="/team" className={link} onClick={() => onClose(false)}>
              {t("nav.team")}
            </NavLink>
          </li>
        )}
        <li>
          <NavLink to="/help" className={link} onClick={() => onClose(false)}>
            {t("nav.help")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/privacy" className={link} onClick={() => onClose(false)}>
            {t("nav.privacy")}
          </NavLink>
        </li>
      </ul>
      <LanguagePicker language={language} offered={config.languages} onChange={setLanguage} />
      <PushSwitch />
      <InstallEntry onClose={() => onClose(false)} />
      {/*
        Spec 2: logout and change password are hidden in registration-less mode; there an
        anonymous player cannot keep the game with a number either (no login to use it).
      */}
      <ul className="menu__list menu__list--account">
        {!config.registrationLess && (
          <li>
            <NavLink to="/password" className={link} onClick={() => onClose(false)}>
              {account === "anonymous" ? t("nav.keepGame") : t("nav.password")}
            </NavLink>
          </li>
        )}
        <li>
          <NavLink to="/end" className={link} onClick={() => onClose(false)}>
            {t("nav.deleteAccount")}
          </NavLink>
        </li>
        {!config.registrationLess && (
          <li>
            <button type="button" className="menu__logout" onClick={() => void logout()}>
              {t("nav.logout")}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
