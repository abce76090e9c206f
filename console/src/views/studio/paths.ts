/** The files the studio opens as text; media are shown by name. */
export const TEXT_FILE = /\.(ya?ml|ink|md|txt|json)$/;

/** Where the studio opens a file: `/ops/studio?file=…&line=…`. */
export function filePath(file: string, line?: number): string {
  const query = new URLSearchParams({ file });
  if (line !== undefined) query.set("line", String(line));
  return `/ops/studio?${query}`;
}

/** Where the studio opens a station's form: `/ops/studio?station=stations/3-kirche`. */
export function stationPath(folder: string): string {
  return `/ops/studio?${new URLSearchParams({ station: folder })}`;
}

/** Where the studio opens a story's form: `/ops/studio?story=stories/2-bibliothek`. */
export function storyPath(folder: string): string {
  return `/ops/studio?${new URLSearchParams({ story: folder })}`;
}
