// Loaded into the server under test by bench:load (`node --expose-gc --import <this file>`):
// SIGUSR2 runs a full garbage collection, so the RSS readings before and after a phase count
// what is held, not garbage that a collection would free. It changes nothing else.
process.on("SIGUSR2", () => globalThis.gc?.());
