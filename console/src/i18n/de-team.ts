import type { TeamKey } from "./en-team";

/** The German texts of the team page (views/team/), part of de.ts. */
export const deTeam: Record<TeamKey, string> = {
  "team.text":
    "Wer dieses Spiel betreut und was jede Person hier darf: Autorinnen und Autoren machen das Spiel, Gastgeberinnen und Gastgeber leiten es, wer nur liest, schaut zu; wer es nicht sieht, hat damit nichts zu tun. Admins sehen alle Spiele und verwalten das Team. Eine Änderung gilt ab dem nächsten Klick der Person.",
  "team.needsAdmin": "Das Team verwalten die Admins der Installation.",
  "team.member": "Sieht dieses Spiel",
  "team.memberOf": "Sieht dieses Spiel: {name}",
  "team.admin": "Admin (alle Spiele, das Team)",
  "team.adminOf": "Admin: {name}",
  "team.you": "du",
  "team.since": "seit {time}",
  "team.roleOf": "{role}: {name}",
  "team.save": "Rollen von {name} speichern",
  "team.saved": "Die Rollen von {name} sind gespeichert.",
  "team.addHeading": "Person hinzufügen",
  "team.name": "Name (Kleinbuchstaben, Ziffern, . _ -)",
  "team.newOne": "die neue Person",
  "team.add": "Hinzufügen",
  "team.added": "{name} meldet sich einmal mit diesem Passwort an und wählt dann ein eigenes:",
  "team.onlyNow":
    "Es wird nur jetzt gezeigt: Gib es persönlich oder am Telefon weiter, nicht per E-Mail.",
};
