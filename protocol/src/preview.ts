/**
 * The start of the keys the player app stores in a preview `id` (apart from the game's): the
 * studio forgets them to start over with a new player. Without zod: the app reads it at start.
 */
export const previewStoragePrefix = (id: string): string => `wegmarke.preview.${id}.`;
