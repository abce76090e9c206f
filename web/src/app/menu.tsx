import { useEffect, useRef } from "react";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useConfirm } from "../components/confirm";
import { LanguagePicker } from "../components/language-picker";
import { useSession } from "./session";

type MenuProps = {
  id: string;
  /** `restoreFocus`: give focus back to the menu button (Escape). */
  onClose(restoreFocus: boolean): void;
};

/** The header menu: sections, language and logout. Arrows move, Escape and Tab close. */
export function Menu({ id, onClose }: MenuProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { language, setLanguage, signOut } = useSession();
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    navRef.current?.querySelector<HTMLElement>("a, button")?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Tab") {
      onClose(false);
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const items = [...(navRef.current?.querySelectorAll<HTMLElement>("a, button") ?? [])];
    const index = items.findIndex((item) => item === document.activeElement);
    const step = event.key === "ArrowDown" ? 1 : -1;
    items.at((index + step) % items.length)?.focus();
    event.preventDefault();
  }

  async function logout() {
    const ok = await confirm({
      title: t("logout.title"),
      text: t("logout.text"),
      confirmLabel: t("logout.confirm"),
      cancelLabel: t("logout.cancel"),
      destructive: true,
    });
    if (!ok) return;
    onClose(false);
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
      </ul>
      <LanguagePicker language={language} onChange={setLanguage} />
      <button type="button" className="menu__logout" onClick={() => void logout()}>
        {t("nav.logout")}
      </button>
    </nav>
  );
}
