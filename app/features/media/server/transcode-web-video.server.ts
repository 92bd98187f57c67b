import { WEB_VIDEO_LONG_SIDE } from '../web-video'
import { runFfmpegOnUpload, UPLOAD_LIMITS, type FfmpegLimits } from './run-ffmpeg-on-upload.server'
import { WEB_VIDEO_TRY_SECONDS } from '#app/jobs/definitions/media/make-web-video'

/*
 * A video's web version (ADR 016, addendum), made from the original when a gallery that gives
 * only web sizes needs it: H.264 and AAC in an MP4 every phone and computer plays, at most 1080p,
 * with the original's metadata (a phone's location among it) left out, as photos' renditions
 * leave out theirs. Made ahead, never while a fan waits: a ZIP's length is told before its first
 * byte, and a transcode takes minutes.
 */

/**
 * The same fences as every run over an upload, with a transcode's time: the wall clock of one
 * try (less a minute, so ffmpeg is stopped before the queue gives the try up) and two threads' worth of CPU.
 */
export const TRANSCODE_LIMITS: Partial<FfmpegLimits> = {
  timeoutMs: (WEB_VIDEO_TRY_SECONDS - 60) * 1000,
  cpuSeconds: UPLOAD_LIMITS.threads * (WEB_VIDEO_TRY_SECONDS - 60),
}

/** Scales to at most WEB_VIDEO_LONG_SIDE on the long side, never up, to even sizes (H.264's 4:2:0 needs them). */
function scaleFilter(longSide = WEB_VIDEO_LONG_SIDE) {
  // Commas inside an expression are escaped: a bare one would end the filter.
  const factor = `min(1\\,${longSide}/max(iw\\,ih))`
  return `scale=w=trunc(iw*${factor}/2)*2:h=trunc(ih*${factor}/2)*2,setsar=1`
}

/** ffmpeg's output options for the web version, written to `outputFile`. */
export function webVideoOutputArguments(outputFile: string): string[] {
  return [
    // The first picture and the first sound, if there is one; no subtitles, data or chapters.
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-vf',
    scaleFilter(),
    '-c:v',
    'libx264',
    // veryfast: about the speed of real time for 1080p on two threads of this machine; a slower
    // preset saves a little size at several times the CPU, for a file downloaded, not streamed.
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-maxrate',
    '8M',
    '-bufsize',
    '16M',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-ac',
    '2',
    '-max_muxing_queue_size',
    '1024',
    // The index first, so a player starts before the whole file is there.
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    // Spelled as a file, as the input is.
    `file:${outputFile}`,
  ]
}

/** Transcodes `inputFile` (a copy of the original) to `outputFile`; throws with ffmpeg's reason. */
export async function transcodeWebVideo(inputFile: string, outputFile: string) {
  const { code, stderr } = await runFfmpegOnUpload(inputFile, {
    beforeInput: ['-loglevel', 'error', '-y'],
    output: webVideoOutputArguments(outputFile),
    limits: TRANSCODE_LIMITS,
  })
  if (code !== 0) throw new Error(`No web version: ${stderr.trim().slice(0, 300) || `ffmpeg exited with ${code}`}`)
}
