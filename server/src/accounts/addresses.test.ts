import { describe, expect, it } from "vitest";
import { addressKey } from "./addresses";

describe("addressKey", () => {
  it("keeps an IPv4 address, also one written as IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups the IPv6 addresses of one /64 network, however written, and no others", () => {
    const key = addressKey("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(key);
    expect(addressKey("2001:db8:1:3::1")).not.toBe(key);
  });
});
