import type { Repositories } from "../store/store";

/** A stream's rows: its log's counter (`streams`) and its place in the game (`participants`). */
export type StreamRepositories = Pick<Repositories, "streams" | "participants">;

/** A new participant's stream, at the first station with an empty log. */
export async function openStream(
  repos: StreamRepositories,
  stream: string,
  at: string,
): Promise<void> {
  await repos.streams.create(stream);
  await repos.participants.create(stream, at);
}

/** Deletes a stream with everything that hangs off it: its game state and log. */
export async function closeStream(repos: StreamRepositories, stream: string): Promise<void> {
  await repos.streams.delete(stream);
}
