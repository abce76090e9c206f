import { afterEach, describe, expect, it } from "vitest";
import { focusableBeyond, moveFocusByArrow } from "./arrow-focus";

function buttons(count: number): HTMLElement[] {
  return Array.from({ length: count }, (_, index) => {
    const button = document.createElement("button");
    button.textContent = String(index);
    document.body.append(button);
    return button;
  });
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("moving the focus by arrow keys", () => {
  it("arrows move, wrapping at both ends", () => {
    const items = buttons(3);
    items[0]?.focus();
    moveFocusByArrow(items, "ArrowUp");
    expect(document.activeElement).toBe(items[2]);
    moveFocusByArrow(items, "ArrowDown");
    expect(document.activeElement).toBe(items[0]);
    moveFocusByArrow(items, "ArrowDown");
    expect(document.activeElement).toBe(items[1]);
  });

  it("with nothing focused goes to the first item down and the last item up", () => {
    const items = buttons(3);
    moveFocusByArrow(items, "ArrowUp");
    expect(document.activeElement).toBe(items[2]);
    (document.activeElement as HTMLElement).blur();
    moveFocusByArrow(items, "ArrowDown");
    expect(document.activeElement).toBe(items[0]);
  });

  it("Left and Right move like Up and Down", () => {
    const items = buttons(3);
    items[0]?.focus();
    expect(moveFocusByArrow(items, "ArrowRight")).toBe(true);
    expect(document.activeElement).toBe(items[1]);
    moveFocusByArrow(items, "ArrowLeft");
    expect(document.activeElement).toBe(items[0]);
    moveFocusByArrow(items, "ArrowLeft");
    expect(document.activeElement).toBe(items[2]);
  });

  it("leaves other keys alone", () => {
    const items = buttons(2);
    items[1]?.focus();
    expect(moveFocusByArrow(items, "Home")).toBe(false);
    expect(moveFocusByArrow([], "ArrowDown")).toBe(true);
    expect(document.activeElement).toBe(items[1]);
  });
});

describe("focusableBeyond", () => {
  it("is the next focusable element after a container, or the one before it backwards", () => {
    document.body.innerHTML = `
      <button id="before">before</button>
      <nav id="menu"><a href="/a">a</a><button>b</button></nav>
      <span>text</span><button disabled>off</button><button tabindex="-1">skip</button>
      <a id="after" href="/c">after</a>`;
    const menu = document.getElementById("menu");
    if (!menu) throw new Error("no menu");
    expect(focusableBeyond(menu, false)?.id).toBe("after");
    expect(focusableBeyond(menu, true)?.id).toBe("before");
    document.getElementById("after")?.remove();
    expect(focusableBeyond(menu, false)).toBeNull();
  });
});
