import { useEffect, useRef } from "react";
import type { OpsMe, OpsRole } from "@wegmarke/protocol";
import { useI18n } from "../i18n/i18n";
import type { TextKey } from "../i18n/en";
import { LiveContext } from "../live/live-context";
import type { Connection } from "../live/live-state";
import { useLive } from "../live/use-live";
import { AuditView } from "../views/audit/audit";
import { InboxView } from "../views/inbox/inbox";
import { JudgingView } from "../views/judging/judging";
import { ContentView } from "../views/content/content";
import { StudioView } from "../views/studio/studio";
import { GamesView } from "../views/games/games";
import { TeamView } from "../views/team/team";
import { VersionsView } from "../views/versions/versions";
import { MapView } from "../views/map/map";
import { NewsView } from "../views/news/news";
import { OverviewView } from "../views/overview/overview";
import { PlayersView } from "../views/players/players";
import { hasRole, RoleNote, RolesContext, useRolesText } from "../components/roles";
import { GameSwitch } from "./game-switch";
import { LanguageSwitch } from "./language-switch";
import { PasswordView } from "./password";
import {
  Link,
  PASSWORD_PATH,
  sectionOf,
  sectionPath,
  sections,
  usePathname,
} from "../routes/router";
import type { Section } from "../routes/router";

const sectionNames: Record<Section, TextKey> = {
  overview: "nav.overview",
  judging: "nav.judging",
  inbox: "nav.inbox",
  players: "nav.players",
  map: "nav.map",
  news: "nav.news",
  content: "nav.content",
  studio: "nav.studio",
  versions: "nav.versions",
  team: "nav.team",
  games: "nav.games",
  audit: "nav.audit",
};

const connectionNames: Record<Connection, TextKey> = {
  connecting: "live.connecting",
  live: "live.live",
  reconnecting: "live.reconnecting",
};

function LiveIndicator({ connection }: { connection: Connection }) {
  const { t } = useI18n();
  const name = t(connectionNames[connection]);
  return (
    <p
      className={`live live--${connection}`}
      role="status"
      aria-label={t("live.label", { state: name })}
    >
      <span className="live__dot" aria-hidden="true" />
      {name}
    </p>
  );
}

/**
 * The sections that show what needs a role (the server's http/ops-roles.ts): a viewer, who
 * watches the game, gets a note in their place and no call is made.
 */
const sectionRoles: Partial<Record<Section, OpsRole | "either">> = {
  judging: "host",
  inbox: "host",
  players: "host",
  audit: "either",
};

function View({ section, me }: { section: Section | "password" | null; me: OpsMe }) {
  if (section !== null && section !== "password") {
    const needed = sectionRoles[section];
    if (needed !== undefined && !hasRole(me.roles, needed)) {
      return <RoleRequired section={section} role={needed} />;
    }
  }
  switch (section) {
    case "password":
      return <PasswordView me={me} />;
    case "overview":
      return <OverviewView />;
    case "judging":
      return <JudgingView />;
    case "inbox":
      return <InboxView />;
    case "players":
      return <PlayersView />;
    case "map":
      return <MapView />;
    case "news":
      return <NewsView />;
    case "content":
      return <ContentView />;
    case "studio":
      return <StudioView />;
    case "versions":
      return <VersionsView />;
    case "team":
      return <TeamView me={me} />;
    case "games":
      return <GamesView me={me} />;
    case "audit":
      return <AuditView />;
    case null:
      return <NotFound />;
  }
}

function RoleRequired({ section, role }: { section: Section; role: OpsRole | "either" }) {
  const { t } = useI18n();
  return (
    <section className="stack">
      <h1 tabIndex={-1}>{t(sectionNames[section])}</h1>
      <RoleNote role={role} />
    </section>
  );
}

function NotFound() {
  const { t } = useI18n();
  return (
    <section className="stack">
      <h1 tabIndex={-1}>{t("notFound.heading")}</h1>
      <p>{t("notFound.text")}</p>
      <p>
        <Link to={sectionPath.overview}>{t("notFound.link")}</Link>
      </p>
    </section>
  );
}

type Props = { me: OpsMe; onSignOut: () => Promise<void> };

/** The signed-in console: header, the sections' navigation, and the section of the address. */
export function Shell({ me, onSignOut }: Props) {
  const { t, tn } = useI18n();
  const rolesText = useRolesText(me.roles);
  const live = useLive();
  const unread = live[0].inbox?.unread ?? 0;
  const pathname = usePathname();
  const section = pathname.replace(/\/+$/, "") === PASSWORD_PATH ? "password" : sectionOf(pathname);
  const main = useRef<HTMLElement>(null);
  const shown = useRef(section);

  useEffect(() => {
    const name =
      section === null
        ? "notFound.heading"
        : section === "password"
          ? "password.heading"
          : sectionNames[section];
    // The players' unread messages first: a tab in the background shows them too.
    document.title = `${unread > 0 ? `(${unread}) ` : ""}${t(name)} – ${t("app.title")}`;
  }, [section, t, unread]);

  // After a change of section the focus goes to its heading, so a screen reader starts there.
  useEffect(() => {
    if (shown.current === section) return;
    shown.current = section;
    main.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [section]);

  return (
    <LiveContext value={live}>
      <a className="skip" href="#main">
        {t("app.skip")}
      </a>
      <header className="top">
        <div className="top__bar">
          <p className="brand">{t("app.title")}</p>
          <GameSwitch />
          <LiveIndicator connection={live[0].connection} />
          <div className="top__account">
            <span>
              {me.name === null ? t("signedInWithToken") : t("signedInAs", { name: me.name })}
            </span>
            {me.via === "session" && (
              <span className="muted">{t("roles.label", { roles: rolesText })}</span>
            )}
            <LanguageSwitch compact />
            {me.via === "session" && (
              <Link
                className="button button--small"
                to={PASSWORD_PATH}
                {...(section === "password" && { "aria-current": "page" as const })}
              >
                {t("password.link")}
              </Link>
            )}
            <button type="button" className="button button--small" onClick={() => void onSignOut()}>
              {t("signOut")}
            </button>
          </div>
        </div>
        <nav className="tabs" aria-label={t("nav.label")}>
          <ul>
            {sections.map((item) => (
              <li key={item}>
                <Link
                  to={sectionPath[item]}
                  {...(item === section && { "aria-current": "page" as const })}
                >
                  {t(sectionNames[item])}
                  {item === "judging" && (live[0].submissions?.waiting ?? 0) > 0 && (
                    <span className="tabs__count">{live[0].submissions?.waiting}</span>
                  )}
                  {item === "inbox" && unread > 0 && (
                    <span className="tabs__count">
                      <span aria-hidden="true">{unread}</span>
                      <span className="visually-hidden">{`, ${tn("inbox.tabUnread", unread)}`}</span>
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" ref={main} className="page" tabIndex={-1}>
        <RolesContext value={me.roles}>
          <View section={section} me={me} />
        </RolesContext>
      </main>
    </LiveContext>
  );
}
