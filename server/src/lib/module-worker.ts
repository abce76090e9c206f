import { Worker } from "node:worker_threads";

/**
 * A worker thread running the module `name` beside the caller's module (`from`, its
 * `import.meta.url`): `name.ts` from the TypeScript sources, `name.js` once built, where the
 * build puts each worker beside main.js. A thread does not inherit the loader that runs
 * TypeScript, so from the sources it registers tsx itself first.
 */
export function moduleWorker(name: string, from: string, workerData?: unknown): Worker {
  const typescript = from.endsWith(".ts");
  const file = new URL(`./${name}${typescript ? ".ts" : ".js"}`, from);
  if (!typescript) return new Worker(file, { workerData });
  const bootstrap = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}
