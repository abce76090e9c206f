import sharp from "sharp";
import type { ContentPack } from "../../src/content/model";
import { featurePack, station } from "./feature-pack";

/**
 * The feature pack with missions: station 11 asks for a photo a host judges (3 points, a
 * `[#rejected]` way back), station 12 for a voice recording of at most 20 s approved at once,
 * station 13 for a video without a `[#rejected]` choice, station 14 for a photo worth 2 points
 * at a station worth 1.
 */
export function missionPack(dir: string): Promise<ContentPack> {
  return featurePack(dir, {
    "stations/11-drache/station.yaml": station(11, "{ de: Drachenwart }"),
    "stations/11-drache/script.de.ink": `VAR points = 0
Zeig mir den Drachen am Brunnen!
- (drache)
+ [Der Drache am Marktbrunnen #photo #points: 3]
    Genau der!
+ [#rejected]
    Such weiter!
    -> drache
- Weiter zum Schloss!
-> END
`,
    "stations/12-lied/station.yaml": station(12, "{ de: Sängerin }"),
    "stations/12-lied/script.de.ink": `VAR points = 0
Sing mir dein Lied!
+ [Ein Lied #voice: 20s #auto #points: 2]
    Schön!
- -> END
`,
    "stations/13-tanz/station.yaml": station(13, "{ de: Tänzer }"),
    "stations/13-tanz/script.de.ink": `VAR points = 0
Zeig mir deinen Tanz!
+ [Ein Tanz #video: 10s]
    Toll!
- -> END
`,
    "stations/14-turm/station.yaml": station(14, "{ de: Türmer }").replace(
      "points: 4",
      "points: 1",
    ),
    "stations/14-turm/script.de.ink": `VAR points = 0
Zeig mir meinen Turm!
+ [Der Turm, von unten #photo #points: 2]
    Prächtig!
- -> END
`,
  });
}

/** The place the fixture photo says it was taken: Marburg's market square. */
export const PHOTO_GPS = { latitude: "50/1 48/1 32/1", longitude: "8/1 46/1 1/1" };

/**
 * A phone's photo: 1,200 × 900 pixels as stored, to be shown turned (EXIF orientation 6: 900
 * × 1,200 upright), with the camera's make and the GPS position in its EXIF.
 */
export function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: "#3a7" } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "TestPhone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: PHOTO_GPS.latitude,
        GPSLongitudeRef: "E",
        GPSLongitude: PHOTO_GPS.longitude,
      },
    })
    .toBuffer();
}

/** A WAVE recording of `seconds` of silence (8 kHz, 16-bit mono), as a voice recorder writes. */
export function recording(seconds: number): Buffer {
  const data = Buffer.alloc(Math.round(8000 * seconds) * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.byteLength, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.byteLength, 40);
  return Buffer.concat([header, data]);
}

/** The tus calls of an upload, as `tus-js-client` makes them. */
export class Uploads {
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { "tus-resumable": "1.0.0", authorization: `Bearer ${this.token}`, ...extra };
  }

  /** Creates an upload; its address on success. */
  async create(
    size: number,
    meta: Record<string, string>,
  ): Promise<{ status: number; text: string; location?: string }> {
    const metadata = Object.entries(meta)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
      .join(",");
    const response = await fetch(`${this.url}/api/game/uploads`, {
      method: "POST",
      headers: this.headers({ "upload-length": String(size), "upload-metadata": metadata }),
    });
    const location = response.headers.get("location") ?? undefined;
    return {
      status: response.status,
      text: await response.text(),
      ...(location && { location: new URL(location, `${this.url}/api/game/uploads`).href }),
    };
  }

  /** Sends `bytes` from `offset`: the status, body, new offset and the submission's id. */
  async send(location: string, bytes: Uint8Array, offset: number) {
    const response = await fetch(location, {
      method: "PATCH",
      headers: this.headers({
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(offset),
      }),
      body: bytes,
    });
    return {
      status: response.status,
      text: await response.text(),
      offset: Number(response.headers.get("upload-offset")),
      submission: Number(response.headers.get("wegmarke-submission") ?? 0),
    };
  }

  /** How much of the upload the server has. */
  async offset(location: string): Promise<{ status: number; offset: number }> {
    const response = await fetch(location, { method: "HEAD", headers: this.headers() });
    return { status: response.status, offset: Number(response.headers.get("upload-offset")) };
  }

  /** Creates and sends `bytes` whole; the submission's id (0 when refused) and the answer. */
  async upload(bytes: Uint8Array, meta: Record<string, string>) {
    const created = await this.create(bytes.byteLength, meta);
    if (!created.location) return { ...created, submission: 0 };
    return this.send(created.location, bytes, 0);
  }
}
