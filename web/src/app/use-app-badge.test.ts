import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { badgeSettleMs, useAppBadge } from "./use-app-badge";

function badgeNavigator() {
  const calls: (number | null)[] = [];
  const nav = {
    setAppBadge: (count?: number) => {
      calls.push(count ?? 0);
      return Promise.resolve();
    },
    clearAppBadge: () => {
      calls.push(null);
      return Promise.resolve();
    },
  } as unknown as Navigator;
  return { nav, calls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("app badge hook", () => {
  it("sets the badge to the unread count once it has settled", () => {
    const { nav, calls } = badgeNavigator();
    const { rerender } = renderHook(({ unread }) => useAppBadge(unread, nav), {
      initialProps: { unread: 0 },
    });
    vi.advanceTimersByTime(badgeSettleMs);
    expect(calls).toEqual([null]);
    rerender({ unread: 3 });
    expect(calls).toEqual([null]);
    vi.advanceTimersByTime(badgeSettleMs);
    expect(calls).toEqual([null, 3]);
  });

  it("leaves the badge alone for a message read as it arrives", () => {
    const { nav, calls } = badgeNavigator();
    const { rerender } = renderHook(({ unread }) => useAppBadge(unread, nav), {
      initialProps: { unread: 0 },
    });
    vi.advanceTimersByTime(badgeSettleMs);
    rerender({ unread: 1 });
    rerender({ unread: 0 });
    vi.advanceTimersByTime(badgeSettleMs);
    expect(calls).toEqual([null, null]);
  });
});
