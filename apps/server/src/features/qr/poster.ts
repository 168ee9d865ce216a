export const POSTER_SIZES = ['a4', 'a5'] as const;
export type PosterSize = (typeof POSTER_SIZES)[number];

/** The poster's fixed lines; drawn by draw-worker.cjs, which is given them with each poster. */
export const POSTER_TEXT = {
  english: 'Scan to send your files',
  hindi: 'अपनी फ़ाइलें भेजने के लिए स्कैन करें',
  orVisit: 'or visit',
} as const;
