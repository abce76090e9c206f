import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Config } from "./config";

/**
 * The server's secret (config.ts `secret`): the configured value, or the key file, written
 * with 256 random bits on the first start (readable by the server's user alone). Instances
 * starting at once all end up with the key the first one linked into place.
 */
export async function loadSecretKey(secret: Config["secret"]): Promise<Buffer> {
  if (secret.kind === "value") return Buffer.from(secret.value);
  try {
    return await readKey(secret.file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dirname(secret.file), { recursive: true });
  // Written whole under another name, then linked into place: no instance reads half a key.
  const draft = `${secret.file}.${randomBytes(6).toString("hex")}`;
  await writeFile(draft, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  try {
    await link(draft, secret.file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(draft);
  }
  return readKey(secret.file);
}

async function readKey(file: string): Promise<Buffer> {
  const key = (await readFile(file, "utf8")).trim();
  if (key.length < 32) throw new Error(`${file}: the secret key is shorter than 32 characters`);
  return Buffer.from(key);
}
