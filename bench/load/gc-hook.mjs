// Loaded into the server under test by bench:load (`node --expose-gc --import <this file>`):
// SIGUSR2 runs a full garbage collection, so the RSS readings before and after a phase count
// what is held, not garbage that a collection would free. Like any full collection it also sets
// V8's old-generation limit from what lives then: the tight limit a long run reaches anyway
// (docs/performance.md, "The garbage collector").
process.on("SIGUSR2", () => globalThis.gc?.());
