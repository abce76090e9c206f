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

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]";

/**
 * The element Tab (or Shift+Tab, `backwards`) reaches from inside `container` once the
 * container is gone: the next (previous) focusable element outside it in document order. A
 * menu that closes on Tab moves the focus there itself, so the focus never falls to the page
 * when the menu disappears before the browser moves it.
 */
export function focusableBeyond(container: HTMLElement, backwards: boolean): HTMLElement | null {
  const outside = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !container.contains(element) && element.tabIndex >= 0,
  );
  const after = (element: HTMLElement) =>
    (container.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  return backwards
    ? (outside.filter((element) => !after(element)).at(-1) ?? null)
    : (outside.find(after) ?? null);
}
