import { useEffect, useRef, useState } from "react";
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { storyOpeningDelay } from "../../game/stories";
import { useGame } from "../../session/game-store";

/**
 * Spec 2, "Story opening": a link to an unseen story flips its card (`flipping` names the
 * story) and opens the story after the delay; a seen story opens at once.
 */
export function useStoryOpening(): {
  flipping: number | null;
  open(event: MouseEvent<HTMLAnchorElement>, storyId: number): void;
} {
  const { state } = useGame();
  const navigate = useNavigate();
  const [flipping, setFlipping] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function open(event: MouseEvent<HTMLAnchorElement>, storyId: number) {
    const delay = storyOpeningDelay(storyId, state.seen.stories);
    if (delay === 0) return;
    event.preventDefault();
    if (flipping !== null) return;
    setFlipping(storyId);
    timer.current = setTimeout(() => void navigate(`/stories/${storyId}`), delay);
  }

  return { flipping, open };
}
