import { afterEach, describe, expect, it, vi } from "vitest";
import { setAppBadge } from "./app-badge";

afterEach(() => vi.restoreAllMocks());

function badgeNavigator(setAppBadgeImpl: (count?: number) => Promise<void>) {
  return {
    setAppBadge: vi.fn(setAppBadgeImpl),
    clearAppBadge: vi.fn(async () => {}),
  } as unknown as Navigator & {
    setAppBadge: ReturnType<typeof vi.fn>;
    clearAppBadge: ReturnType<typeof vi.fn>;
  };
}

describe("app badge", () => {
  it("shows the unread total and clears it at 0", async () => {
    const nav = badgeNavigator(async () => {});
    await setAppBadge(4, nav);
    expect(nav.setAppBadge).toHaveBeenCalledWith(4);
    await setAppBadge(0, nav);
    expect(nav.clearAppBadge).toHaveBeenCalled();
  });

  it("app badge failure is only logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const nav = badgeNavigator(async () => {
      throw new DOMException("not allowed", "NotAllowedError");
    });
    await expect(setAppBadge(2, nav)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it("does nothing where the Badging API is missing", async () => {
    await expect(setAppBadge(2, {} as Navigator)).resolves.toBeUndefined();
  });
});
