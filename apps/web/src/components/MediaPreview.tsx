import { useState } from 'react';

/** The large (1024 px) size of a thumbnail address, file or share link alike. */
const large = (thumbnailUrl: string) => `${thumbnailUrl}?size=1024`;

interface ImagePreviewProps {
  /** The original bytes. */
  src: string;
  /** The 256 px thumbnail's address, or null while there is none. */
  thumbnailUrl: string | null;
  alt: string;
}

/**
 * An image shown from its 1024 px thumbnail first (a phone photo's original can be many megabytes), with the
 * original one click away; an image without a thumbnail yet shows the original at once.
 */
export function ImagePreview({ src, thumbnailUrl, alt }: ImagePreviewProps) {
  const [original, setOriginal] = useState(false);
  const showingThumbnail = thumbnailUrl !== null && !original;
  return (
    <div className="flex flex-col items-center gap-3">
      <img
        src={showingThumbnail ? large(thumbnailUrl) : src}
        alt={alt}
        className="mx-auto max-h-[70vh] w-auto max-w-full rounded-box object-contain"
      />
      {showingThumbnail && (
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setOriginal(true)}>
          View original
        </button>
      )}
    </div>
  );
}

interface VideoPreviewProps {
  src: string;
  /** The poster frame's thumbnail address, or null while there is none. */
  thumbnailUrl: string | null;
  label: string;
}

/** A video with controls, showing its poster frame (the 1024 px thumbnail) until it is played. */
export function VideoPreview({ src, thumbnailUrl, label }: VideoPreviewProps) {
  return (
    <video
      src={src}
      poster={thumbnailUrl ? large(thumbnailUrl) : undefined}
      controls
      preload="metadata"
      className="max-h-[70vh] w-full rounded-box bg-black"
      aria-label={label}
    >
      Your browser cannot play this video.
    </video>
  );
}
