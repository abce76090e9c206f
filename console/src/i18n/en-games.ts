/** The English texts of the games page (views/games/), part of en.ts. */
export const enGames = {
  "games.text":
    "The games of this installation you see. Each plays at an address of its own and has its own players, news, studio and team.",
  "games.show": "Show {title}",
  "games.shown": "shown",
  "games.address": "Players:",
  "games.export": "Export {title} (zip)",
  "games.archive": "End {title}",
  "games.archiveQuestion":
    "End {title}? Its players can no longer play; its data stays for the retention days.",
  "games.archiveConfirm": "End the game",
  "games.archiveKeep": "Keep it",
  "games.newHeading": "New game",
  "games.newText":
    "A new game plays at once at its own address; you are its author and host and go on in its studio.",
  "games.name": "Short name in the address (small letters, digits, dashes)",
  "games.title": "Title",
  "games.lang.de": "German",
  "games.lang.de-formal": "German (formal)",
  "games.lang.en": "English",
  "games.languages": "Languages (the first ticked is the default)",
  "games.template": "Start from",
  "games.template.one-station": "One station, to write the game from scratch",
  "games.template.demo": "The demo game (Fairy-tale Marburg)",
  "games.template.copy": "A copy of a game",
  "games.template.zip": "A game's zip (export)",
  "games.zipFile": "The game's zip (its export from Games or Versions)",
  "games.zipBrings": "The title and languages come with the zip.",
  "games.copyFrom": "Game to copy",
  "games.copyMedia":
    "With its pictures, sounds and films (else plain stand-ins under the same names, to replace in the studio)",
  "games.make": "Make the game",
  "games.making": "Making the game …",
  "games.import": "Import the game",
  "games.importing": "Importing the game …",
  "games.made": "{title} plays at {address}.",
  "games.draftChanges_one": "Its draft holds {count} unpublished change.",
  "games.draftChanges_other": "Its draft holds {count} unpublished changes.",
  "games.openStudio": "Open its studio",
  "games.warnings": "The check notes:",
} as const;

export type GamesKey = keyof typeof enGames;
