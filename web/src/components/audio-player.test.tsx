import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Message } from "../game/play-state";
import { setupI18n } from "../i18n/i18n";
import { AudioPlayer } from "./audio-player";
import { EntryMedia } from "./message-content";
import { MessageThread } from "./message-thread";

beforeEach(() => {
  void setupI18n("de");
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event("pause"));
  });
});

afterEach(() => vi.restoreAllMocks());

/** Lets the audio element report a duration and a position, as a browser would. */
function playTo(audio: HTMLAudioElement, currentTime: number, duration = 100) {
  Object.defineProperty(audio, "duration", { configurable: true, value: duration });
  Object.defineProperty(audio, "currentTime", {
    configurable: true,
    writable: true,
    value: currentTime,
  });
  act(() => {
    audio.dispatchEvent(new Event("loadedmetadata"));
    audio.dispatchEvent(new Event("timeupdate"));
  });
}

function audioOf(container: HTMLElement): HTMLAudioElement {
  const audio = container.querySelector("audio");
  if (audio === null) throw new Error("no audio element");
  return audio;
}

describe("audio player", () => {
  it("has a play/stop button; stop returns to the start", () => {
    const { container } = render(<AudioPlayer src="/a.mp3" label="Lied" />);
    fireEvent.click(screen.getByRole("button", { name: "Abspielen" }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    playTo(audioOf(container), 30, 95);
    expect(container.textContent).toContain("-1:05");
    fireEvent.click(screen.getByRole("button", { name: "Stopp" }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(audioOf(container).currentTime).toBe(0);
    expect(container.textContent).toContain("-1:35");
    expect(screen.getByRole("button", { name: "Abspielen" })).toBeTruthy();
  });

  it("the seek slider moves in 0.1 s steps and is disabled until the audio can play through", () => {
    const { container } = render(<AudioPlayer src="/a.mp3" label="Lied" />);
    const slider = screen.getByRole("slider", { name: "Wiedergabeposition" }) as HTMLInputElement;
    expect(slider.step).toBe("0.1");
    expect(slider.disabled).toBe(true);
    act(() => {
      audioOf(container).dispatchEvent(new Event("canplaythrough"));
    });
    expect(slider.disabled).toBe(false);
    playTo(audioOf(container), 0);
    fireEvent.change(slider, { target: { value: "42.5" } });
    expect(audioOf(container).currentTime).toBe(42.5);
  });

  it("shows the progress and counts the remaining time down", () => {
    const { container } = render(<AudioPlayer src="/a.mp3" label="Lied" />);
    playTo(audioOf(container), 30, 95);
    expect(container.textContent).toContain("-1:05");
    const track = container.querySelector<HTMLElement>(".audio-player__track");
    expect(track?.style.getPropertyValue("--progress")).toMatch(/^31\.5/);
  });

  it("reports a message's audio progress once, at its seen ratio", () => {
    const audioMessage: Message = {
      id: 1,
      stationId: 3,
      originator: "Lena",
      type: "webcontent",
      content: "stations/3/lied.mp3",
      seenRatio: 0.5,
      timestamp: new Date().toISOString(),
      unread: false,
    };
    const onProgress = vi.fn();
    const { container } = render(
      <MessageThread
        messages={[audioMessage]}
        firstNewId={null}
        writer={null}
        scrollKey=""
        assetsBase="/assets/webapp-data/"
        onProgress={onProgress}
      />,
    );
    const audio = audioOf(container);
    playTo(audio, 20);
    expect(onProgress).not.toHaveBeenCalled();
    playTo(audio, 50);
    playTo(audio, 70);
    expect(onProgress).toHaveBeenCalledTimes(1);
    expect(onProgress).toHaveBeenCalledWith(audioMessage, 0.5);
  });

  it("reports video progress on time updates", () => {
    const video: Message = {
      id: 2,
      stationId: 3,
      originator: "Lena",
      type: "webcontent",
      content: "stations/3/film.mp4",
      timestamp: new Date().toISOString(),
      unread: false,
    };
    const onProgress = vi.fn();
    const { container } = render(
      <MessageThread
        messages={[video]}
        firstNewId={null}
        writer={null}
        scrollKey=""
        assetsBase="/assets/webapp-data/"
        onProgress={onProgress}
      />,
    );
    const element = container.querySelector("video");
    if (element === null) throw new Error("no video element");
    Object.defineProperty(element, "duration", { configurable: true, value: 10 });
    for (const time of [0.5, 1.2, 1.4, 5]) {
      Object.defineProperty(element, "currentTime", { configurable: true, value: time });
      fireEvent.timeUpdate(element);
    }
    expect(onProgress.mock.calls.map(([, ratio]) => ratio)).toEqual([0.12, 0.5]);
  });

  it("reports an entry's own audio once, at the default seen ratio of 0.9", () => {
    const onProgress = vi.fn();
    const { container } = render(
      <EntryMedia
        content="stations/5/vorlesung.mp3"
        label="Vorlesung"
        assetsBase="/assets/webapp-data/"
        onProgress={onProgress}
      />,
    );
    const audio = audioOf(container);
    playTo(audio, 89);
    expect(onProgress).not.toHaveBeenCalled();
    playTo(audio, 90);
    playTo(audio, 95);
    expect(onProgress.mock.calls).toEqual([[0.9]]);
  });

  it("reports an entry's own video on time updates", () => {
    const onProgress = vi.fn();
    const { container } = render(
      <EntryMedia
        content="stations/5/film.webm"
        label="Film"
        assetsBase="/assets/webapp-data/"
        onProgress={onProgress}
      />,
    );
    const element = container.querySelector("video");
    if (element === null) throw new Error("no video element");
    expect(element.getAttribute("aria-label")).toBe("Film");
    Object.defineProperty(element, "duration", { configurable: true, value: 10 });
    for (const time of [2, 2.05, 9.5]) {
      Object.defineProperty(element, "currentTime", { configurable: true, value: time });
      fireEvent.timeUpdate(element);
    }
    expect(onProgress.mock.calls.map(([ratio]) => ratio)).toEqual([0.2, 0.95]);
  });
});
