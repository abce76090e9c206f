/**
 * English texts of the points page (/webapp/points): `en.points`, a section kept beside en.ts
 * like its German counterpart.
 */
export const points = {
  total_one: "{{count}} point",
  total_other: "{{count}} points",
  totalLabel: "Your points so far",
  crest: "Your crest",
  finishedStories_one: "{{count}} story finished",
  finishedStories_other: "{{count}} stories finished",
  stations: "Finished stations",
  stars: "{{points}} of {{max}} points",
  none: "You have not finished a station yet. Start one, solve its riddles and collect your first points!",
  toStations: "Find a station",
  fromOrganisers: "From the organisers",
  awarded_one: "{{signed}} point",
  awarded_other: "{{signed}} points",
} as const;
