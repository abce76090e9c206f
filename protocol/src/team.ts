import { z } from "zod";
import { secretText } from "./text";

/**
 * What joining a team would change, asked before `team/join` (`GET team/preview` with the
 * join's query, `hash` and `tjr`): the app says what the player leaves behind and asks first.
 * An unknown or expired code answers 400 `team invitation failed`, as the join does.
 */
export const teamPreviewSchema = z.object({
  /** The display names of the team's members, founder first. */
  Members: z.array(z.string()),
  /** The player is in this team already: joining changes nothing. */
  Member: z.boolean(),
  /** The player plays in another team now, which goes on without them. */
  InTeam: z.boolean(),
  /** The points of the game the player leaves: their own, or their current team's. */
  Points: z.number().int().nonnegative(),
  /** Its finished stations. */
  StationsDone: z.number().int().nonnegative(),
});
export type TeamPreview = z.infer<typeof teamPreviewSchema>;
export const teamPreviewResponse = z.object({ value: teamPreviewSchema });

/** `GET team/members?hash=`: the caller's team. */
export const teamMembersQuery = z.object({ hash: secretText });
export type TeamMembersQuery = z.infer<typeof teamMembersQuery>;

export const teamMemberSchema = z.object({
  Name: z.string(),
  /** An event stream of the member is open now. */
  Online: z.boolean(),
  /** The caller. */
  You: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The caller's team: its name and members (founder first); null for a player on their own. */
export const teamMembersSchema = z
  .object({ Name: z.string(), Members: z.array(teamMemberSchema) })
  .nullable();
export type TeamMembers = z.infer<typeof teamMembersSchema>;
export const teamMembersResponse = z.object({ value: teamMembersSchema });
