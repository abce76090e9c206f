import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { zipSync } from "fflate";

/** A pack's folder as the zip the console's "Versionen" imports (its files below `pack/`). */
export async function zipPack(dir: string): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    files[`pack/${relative(dir, file).split(sep).join("/")}`] = await readFile(file);
  }
  return Buffer.from(zipSync(files));
}
