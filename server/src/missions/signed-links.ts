import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a submission's link works, at least: long enough to look, too short to pass around. */
export const LINK_MINUTES = 10;

const MINUTE = 60_000;

/** A kept file of a submission (or a message's photo): the file itself, or a photo's thumbnail. */
export type SubmissionFile = "file" | "thumb";

/**
 * Short-lived links to a submission's files (decisions/039), signed with a key derived from the
 * server's secret, so that every instance of a deployment accepts each other's. The link is
 * the permission: whoever the server gave it to may fetch the file until it expires. What is
 * signed is the link's whole path, its game's base included: a preview's games share the
 * server's secret and number their submissions from 1 too, and a link of one game opens no
 * file of another.
 */
export class SignedLinks {
  private readonly key: Buffer;

  /**
   * `base`: the path before `/api/` (a preview's `/preview/<id>`; "" otherwise); `area`: the
   * files' path below it (a message's photo: `organisers/photos`).
   */
  constructor(
    secret: Buffer,
    private readonly base = "",
    private readonly area = "submissions",
  ) {
    this.key = createHmac("sha256", secret).update("submission links").digest();
  }

  /**
   * The path and query of the file's link, working for LINK_MINUTES and the rest of the
   * current minute (its expiry is in minutes since 1970).
   */
  link(id: number, file: SubmissionFile, now: Date): string {
    const expires = Math.ceil(now.getTime() / MINUTE) + LINK_MINUTES;
    const query = `expires=${expires}&signature=${this.sign(id, file, expires)}`;
    return `${this.path(id, file)}?${query}`;
  }

  /**
   * Whether the link's signature is this game's (this base's, on any instance of the secret)
   * for this file, and its time has not run out.
   */
  valid(id: number, file: SubmissionFile, expires: number, signature: string, now: Date): boolean {
    if (expires * MINUTE < now.getTime()) return false;
    const expected = Buffer.from(this.sign(id, file, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private path(id: number, file: SubmissionFile): string {
    return `${this.base}/api/${this.area}/${id}/${file}`;
  }

  private sign(id: number, file: SubmissionFile, expires: number): string {
    return createHmac("sha256", this.key)
      .update(`${this.path(id, file)}?expires=${expires}`)
      .digest("base64url");
  }
}
