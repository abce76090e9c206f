import { describe, expect, it } from "vitest";
import { KeyedQueue } from "./keyed-queue";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("KeyedQueue", () => {
  it("runs tasks of one key one after another", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([queue.run("a", task("1")), queue.run("a", task("2"))]);
    expect(results).toEqual(["1", "2"]);
    expect(log).toEqual(["1 start", "1 end", "2 start", "2 end"]);
  });

  it("runs tasks of different keys side by side", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
    };
    await Promise.all([queue.run("a", task("a")), queue.run("b", task("b"))]);
    expect(log.slice(0, 2)).toEqual(["a start", "b start"]);
  });

  it("goes on after a failed task", async () => {
    const queue = new KeyedQueue();
    const failed = queue.run("a", () => Promise.reject(new Error("boom")));
    const next = queue.run("a", async () => "next");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("next");
  });
});
