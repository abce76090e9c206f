import { createContext, useContext } from "react";
import type { ImgHTMLAttributes, ReactNode } from "react";
import type { PublicContent } from "@wegmarke/protocol";
import { imageSources } from "../lib/asset-url";
import { useSession } from "../session/session";

type PictureSizes = NonNullable<PublicContent["pictureSizes"]>;

const PictureSizesContext = createContext<PictureSizes>({});

/** Gives every Picture below the sizes of the pack's pictures, from the loaded content. */
export function PictureSizesFromContent({ children }: { children: ReactNode }) {
  const { content } = useSession();
  return <PictureSizesContext value={content?.pictureSizes ?? {}}>{children}</PictureSizesContext>;
}

type PictureProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "sizes" | "width" | "height"
> & {
  assetsBase: string;
  /** The picture's media path (`stations/3/kirche.jpg`). */
  path: string;
  /** How wide it is shown, as `<img sizes>` takes it. */
  sizes: string;
};

/**
 * A picture of the pack: in the width the screen shows (imageSources), and with its width and
 * height when the content gives them, so that its place is kept before it loads.
 */
export function Picture({ assetsBase, path, sizes, ...attributes }: PictureProps) {
  const known = useContext(PictureSizesContext)[path.trim()];
  const size = known === undefined ? {} : { width: known[0], height: known[1] };
  return <img {...imageSources(assetsBase, path, sizes)} {...size} {...attributes} />;
}
