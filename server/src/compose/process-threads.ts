import { ScriptPool } from "../game/scripts/script-runner";
import { PhotoProcess } from "../missions/photo-process";
import { ContentThread } from "../packs/content-thread";

/**
 * The threads and the child process every game's server of this process shares
 * (decisions/054): the script workers, the thread that checks packs and compiles an author's
 * script, and the process that makes the photos. The installation's server starts them (each
 * the first time it is needed) and ends them when it closes; another game's server only uses
 * them.
 */
export type ProcessThreads = {
  scripts: ScriptPool;
  content: ContentThread;
  photos: PhotoProcess;
};

export function startProcessThreads(
  scriptWorkers: number,
  onError: (message: string) => void,
): ProcessThreads {
  return {
    scripts: new ScriptPool(scriptWorkers),
    content: new ContentThread(),
    photos: new PhotoProcess({ onError }),
  };
}

export async function stopProcessThreads({
  scripts,
  content,
  photos,
}: ProcessThreads): Promise<void> {
  await scripts.close();
  content.stop();
  await photos.close();
}
