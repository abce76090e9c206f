import { useRef } from "react";
import type { OrganisersMessage } from "@wegmarke/protocol";
import { useOrganisers } from "../../session/organisers";
import { useSession } from "../../session/session";

type Photo = NonNullable<OrganisersMessage["Photo"]>;

/**
 * A message's photo in its bubble: the thumbnail, a link to the photo itself. The server's
 * links are paths, resolved against the game's base as the submissions' are. They work for
 * some minutes: a thumbnail that no longer loads has the conversation read again, once, for
 * new ones.
 */
export function MessagePhoto({ photo, label }: { photo: Photo; label: string }) {
  const { config } = useSession();
  const { reload } = useOrganisers();
  const retried = useRef(false);
  const base = new URL(config.gameBase, window.location.href);
  return (
    <a
      className="organisers__photo-link"
      href={new URL(photo.Url, base).href}
      target="_blank"
      rel="noopener noreferrer"
    >
      <img
        className="organisers__photo"
        src={new URL(photo.Thumb, base).href}
        alt={label}
        loading="lazy"
        onError={() => {
          if (retried.current) return;
          retried.current = true;
          reload();
        }}
      />
    </a>
  );
}
