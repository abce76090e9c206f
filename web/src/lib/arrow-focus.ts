const forward = new Set(["ArrowDown", "ArrowRight"]);
const backward = new Set(["ArrowUp", "ArrowLeft"]);

/**
 * Moves the focus through `items` on the arrow keys, wrapping at both ends: Down and Right go
 * to the next item, Up and Left to the previous one; with no item focused, forward goes to the
 * first and backward to the last. True when the key was an arrow.
 */
export function moveFocusByArrow(items: readonly HTMLElement[], key: string): boolean {
  const step = forward.has(key) ? 1 : backward.has(key) ? -1 : 0;
  if (step === 0) return false;
  const count = items.length;
  const index = items.findIndex((item) => item === document.activeElement);
  const next = index === -1 ? (step === 1 ? 0 : count - 1) : (index + step + count) % count;
  items[next]?.focus();
  return true;
}
