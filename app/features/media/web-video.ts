/*
 * A video's web version: what a gallery whose downloads are "web size only" gives fans instead of
 * the file as uploaded (ADR 016, addendum). One H.264/AAC MP4 at most WEB_VIDEO_LONG_SIDE pixels
 * on its long side, kept as a rendition row beside the poster's sizes.
 */

/** Its row in asset_renditions: a name no poster size (`w…`) can take, and its format. */
export const WEB_VIDEO_RENDITION = 'web'
export const WEB_VIDEO_FORMAT = 'mp4'

/** 1080p, either way up: the web size of video, as 2400 px is the web size of photos. */
export const WEB_VIDEO_LONG_SIDE = 1920
