import type { Story } from "inkjs";

type StoryState = Story["state"];

/** Runs whose states a thread keeps by default: about 6.5 KB each (the state and its JSON). */
export const LIVE_STATES = 10_000;

/**
 * The ink states of runs' recent steps, kept live between a run's answers so the next step need
 * not restore its state from JSON (docs/performance.md, issue 43). A run's state is used when
 * the JSON its next call brings is the one it was saved as (else the JSON is restored: the run
 * changed elsewhere, say on another instance); it is taken out for the step and put back with
 * its new JSON, and the runs longest without a step go beyond `limit`. The saved JSON stays what
 * survives a restart: a state not kept here is restored from it.
 */
export class LiveStates {
  private readonly runs = new Map<string, { story: Story; json: string; state: StoryState }>();
  hits = 0;

  constructor(private readonly limit: number = LIVE_STATES) {}

  /** Makes `json`'s state the story's current one: the run's live state if kept, else restored. */
  restore(story: Story, json: string, run: string | undefined): void {
    const kept = run === undefined ? undefined : this.runs.get(run);
    if (run !== undefined) this.runs.delete(run);
    if (kept?.story === story && kept.json === json) {
      // inkjs has no setter for a story's state; a state belongs to the story that made it.
      (story as unknown as { _state: StoryState })._state = kept.state;
      this.hits++;
      return;
    }
    // The story's current state may be another run's, kept: a fresh one (with the defaults) then.
    if (this.limit > 0) story.ResetState();
    story.state.LoadJson(json);
  }

  /** Keeps the story's current state, saved as `json`, for the run's next step. */
  keep(story: Story, json: string, run: string | undefined): void {
    if (this.limit === 0 || run === undefined) return;
    this.runs.delete(run);
    this.runs.set(run, { story, json, state: story.state });
    if (this.runs.size > this.limit) {
      const oldest = this.runs.keys().next();
      if (!oldest.done) this.runs.delete(oldest.value);
    }
  }

  get size(): number {
    return this.runs.size;
  }
}
