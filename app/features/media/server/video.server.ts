import { parseUtcOffset } from './image-renditions.server'
import { runFfmpegOnUpload } from './run-ffmpeg-on-upload.server'

/*
 * Video facts and poster frames with ffmpeg (the build chosen by `ffmpeg-binary.server.ts`), every
 * run fenced in as untrusted input (`run-ffmpeg-on-upload.server.ts`).
 */

export type VideoFacts = {
  durationMs: number | null
  width: number | null
  height: number | null
  /** When it was recorded, as a true instant (ADR 061); null when the file does not say. */
  capturedAt: Date | null
  /** The recorder's UTC offset when the file says it (Apple's creation date), else 0: MP4's creation_time is UTC. */
  captureOffsetMinutes: number | null
}

/**
 * A phone's own creation date with its offset ("2026-07-14T21:25:00+0100") first, else the
 * container's UTC creation_time. Placeholder dates of recorders without a clock (1904, 1970) are none.
 */
function parseCreationTime(description: string): Pick<VideoFacts, 'capturedAt' | 'captureOffsetMinutes'> {
  const apple =
    /com\.apple\.quicktime\.creationdate\s*:\s*(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})([+-]\d{2}:?\d{2}|Z)/.exec(
      description,
    )
  const utc = /creation_time\s*:\s*(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)Z/.exec(description)
  const [text, offsetMinutes] = apple
    ? [
        `${apple[1]}${apple[2] === 'Z' ? 'Z' : apple[2].replace(/(\d{2})(\d{2})$/, '$1:$2')}`,
        apple[2] === 'Z' ? 0 : (parseUtcOffset(apple[2]) ?? 0),
      ]
    : utc
      ? [`${utc[1]}Z`, 0]
      : [null, null]
  const at = text ? new Date(text) : null
  if (!at || Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1990)
    return { capturedAt: null, captureOffsetMinutes: null }
  return { capturedAt: at, captureOffsetMinutes: offsetMinutes }
}

/** Reads duration and picture size from ffmpeg's description of the file (no ffprobe needed). */
export function parseVideoFacts(description: string): VideoFacts {
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(description)
  const size = /Stream #\S+.*Video: [^\n]*?(\d{2,5})x(\d{2,5})/.exec(description)
  const rotation = /rotate\s*:\s*(-?\d+)|rotation of (-?\d+(?:\.\d+)?) degrees/.exec(description)
  const turned = rotation ? Math.abs(Number(rotation[1] ?? rotation[2])) % 180 === 90 : false
  const width = size ? Number(size[1]) : null
  const height = size ? Number(size[2]) : null
  return {
    durationMs: duration
      ? Math.round((Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000)
      : null,
    width: turned ? height : width,
    height: turned ? width : height,
    ...parseCreationTime(description),
  }
}

export async function probeVideo(file: string): Promise<VideoFacts> {
  const { stderr } = await runFfmpegOnUpload(file, {})
  const facts = parseVideoFacts(stderr)
  if (facts.width === null) throw new Error('No video stream found')
  return facts
}

/** One frame as PNG: a second in (or the middle of a shorter clip), upright. */
export async function extractPoster(file: string, durationMs: number | null): Promise<Buffer> {
  const at = durationMs && durationMs < 2000 ? durationMs / 2000 : 1
  const { code, stdout, stderr } = await runFfmpegOnUpload(file, {
    beforeInput: ['-loglevel', 'error', '-ss', String(at)],
    output: ['-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1'],
  })
  if (code !== 0 || stdout.length === 0) throw new Error(`No poster frame: ${stderr.trim().slice(0, 300)}`)
  return stdout
}
