/** The English texts of the team page (views/team/), part of en.ts. */
export const enTeam = {
  "team.text":
    "Who operates this game and what each may do here: authors make the game, hosts run it, a viewer only looks; who does not see it has no part in it. Admins see every game and manage the team. A change counts from the operator's next click.",
  "team.needsAdmin": "The team is managed by the installation's admins.",
  "team.member": "Sees this game",
  "team.memberOf": "Sees this game: {name}",
  "team.admin": "Admin (every game, the team)",
  "team.adminOf": "Admin: {name}",
  "team.you": "you",
  "team.since": "since {time}",
  "team.roleOf": "{role}: {name}",
  "team.save": "Save the roles of {name}",
  "team.saved": "The roles of {name} are saved.",
  "team.addHeading": "Add an operator",
  "team.name": "Name (small letters, digits, . _ -)",
  "team.newOne": "the new operator",
  "team.add": "Add",
  "team.added": "{name} can sign in once with this password, then chooses their own:",
  "team.onlyNow": "It is shown only now: hand it over in person or by phone, not by e-mail.",
} as const;

export type TeamKey = keyof typeof enTeam;
