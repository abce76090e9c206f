/**
 * What the run must undo, newest first: worker and server processes, the PostgreSQL schema,
 * temp dirs. Runs once, at the end, on failure and on Ctrl-C alike.
 */

type Step = { name: string; undo: () => Promise<void> | void };

const steps: Step[] = [];
let running: Promise<void> | undefined;

/** Registers `undo`; returns a function that runs it early (and drops it from the list). */
export function onCleanup(name: string, undo: () => Promise<void> | void): () => Promise<void> {
  const step = { name, undo };
  steps.push(step);
  return async () => {
    const at = steps.indexOf(step);
    if (at === -1) return;
    steps.splice(at, 1);
    await undo();
  };
}

/** Undoes everything registered, newest first; a failing step is reported, not fatal. */
export function cleanUp(): Promise<void> {
  running ??= (async () => {
    for (let step = steps.pop(); step; step = steps.pop()) {
      try {
        await step.undo();
      } catch (error) {
        console.error(`cleanup: ${step.name} failed: ${String(error)}`);
      }
    }
  })();
  return running;
}
