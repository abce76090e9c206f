/**
 * Moves the focus through `items` on ArrowDown and ArrowUp, wrapping at both ends; with no
 * item focused, ArrowDown goes to the first and ArrowUp to the last. True when the key was
 * one of the two arrows.
 */
export function moveFocusByArrow(items: readonly HTMLElement[], key: string): boolean {
  if (key !== "ArrowDown" && key !== "ArrowUp") return false;
  const count = items.length;
  const index = items.findIndex((item) => item === document.activeElement);
  const step = key === "ArrowDown" ? 1 : -1;
  const next = index === -1 ? (step === 1 ? 0 : count - 1) : (index + step + count) % count;
  items[next]?.focus();
  return true;
}
