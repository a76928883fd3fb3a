/** The guest login page's splash images: PNG, 16:10 for desktops and 9:16 for phones, 5 MB. */
export const SPLASH_KINDS = ['desktop', 'mobile'] as const;
export type SplashKind = (typeof SPLASH_KINDS)[number];

export const SPLASH_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The longest side of a splash image, in pixels: a few megabytes of PNG can hold a picture of 20,000 × 12,500 that
 * takes a gigabyte to show (guests' phones would freeze). 4096 × 2560 takes about 40 MB.
 */
export const SPLASH_MAX_SIDE = 4096;
export const SPLASH_RATIOS: Record<SplashKind, { width: number; height: number }> = {
  desktop: { width: 16, height: 10 },
  mobile: { width: 9, height: 16 },
};
/** How far from its ratio an image may be: 2 %. */
export const SPLASH_RATIO_TOLERANCE = 0.02;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's width and height from its header (the signature, then the IHDR chunk), or null when it is not one. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (type !== 'IHDR') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0 || width > 20_000 || height > 20_000) return null;
  return { width, height };
}

/** What is wrong with an image for a kind, as an error code and its parameters; null when it fits. */
export function splashProblem(
  kind: SplashKind,
  bytes: Uint8Array,
): {
  code: 'notAPng' | 'imageTooLarge' | 'imageDimensions' | 'imageRatio';
  params?: Record<string, string | number>;
} | null {
  if (bytes.length > SPLASH_MAX_BYTES) return { code: 'imageTooLarge', params: { max: 5 } };
  const size = pngSize(bytes);
  if (!size) return { code: 'notAPng' };
  if (Math.max(size.width, size.height) > SPLASH_MAX_SIDE) {
    return { code: 'imageDimensions', params: { width: size.width, height: size.height, max: SPLASH_MAX_SIDE } };
  }
  const want = SPLASH_RATIOS[kind];
  const ratio = size.width / size.height;
  const expected = want.width / want.height;
  if (Math.abs(ratio - expected) / expected > SPLASH_RATIO_TOLERANCE) {
    return {
      code: 'imageRatio',
      params: { expected: `${want.width}:${want.height}`, width: size.width, height: size.height },
    };
  }
  return null;
}

/** The kind an image's shape says, for an upload that does not name one. */
export function splashKindOf(bytes: Uint8Array): SplashKind | null {
  return SPLASH_KINDS.find((kind) => splashProblem(kind, bytes) === null) ?? null;
}
