import { execFile } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { logger } from '#app/lib/logger.server'

/*
 * Which ffmpeg decodes uploads (ADR 093). It reads files anyone with an account can send, so a
 * maintained build comes first: FFMPEG_PATH when the operator names one, else the system's
 * (Debian's `ffmpeg` package at /usr/bin/ffmpeg, or one on PATH), and only when there is none the
 * static build inside @ffmpeg-installer/ffmpeg, from 2018 and never patched since, with a warning
 * at start and on the operator's status page.
 */

/** Where the ffmpeg in use came from. */
export type FfmpegSource = 'override' | 'system' | 'bundled'
export type FfmpegChoice = { path: string; source: FfmpegSource }

/** FFMPEG_PATH names no program that can be run: the operator's setting is wrong, said at start. */
export class FfmpegPathError extends Error {
  constructor(readonly configured: string) {
    super(`FFMPEG_PATH=${configured} is not an executable file: install Debian's ffmpeg or correct FFMPEG_PATH`)
    this.name = 'FfmpegPathError'
  }
}

/** Where Debian (and most Linux distributions) install the packaged ffmpeg. */
export const SYSTEM_FFMPEG = '/usr/bin/ffmpeg'

export function isExecutableFile(file: string) {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/** The static build the npm package ships for this platform, if it installed one. */
function bundledFfmpeg(): string | null {
  try {
    return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path
  } catch {
    return null
  }
}

/**
 * The ffmpeg to run: FFMPEG_PATH, else the system's (/usr/bin/ffmpeg, then PATH), else the bundled
 * build; null when there is none at all.
 */
export function chooseFfmpeg(options: {
  env: { FFMPEG_PATH?: string; PATH?: string }
  isExecutable?: (file: string) => boolean
  bundled?: () => string | null
}): FfmpegChoice | null {
  const isExecutable = options.isExecutable ?? isExecutableFile
  const configured = options.env.FFMPEG_PATH?.trim()
  if (configured) {
    if (!isExecutable(configured)) throw new FfmpegPathError(configured)
    return { path: configured, source: 'override' }
  }
  const onPath = (options.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => path.isAbsolute(dir) && !dir.includes(`${path.sep}node_modules${path.sep}`))
    .map((dir) => path.join(dir, 'ffmpeg'))
  const system = [SYSTEM_FFMPEG, ...onPath].find((file) => isExecutable(file))
  if (system) return { path: system, source: 'system' }
  const bundled = (options.bundled ?? bundledFfmpeg)()
  return bundled && isExecutable(bundled) ? { path: bundled, source: 'bundled' } : null
}

/** "5.1.9-0+deb12u1" from the first line `ffmpeg -version` prints. */
export function parseFfmpegVersion(output: string) {
  return /^ffmpeg version (\S+)/m.exec(output)?.[1] ?? null
}

export type FfmpegInUse = FfmpegChoice & { version: string | null }

let chosen: FfmpegChoice | null | undefined
let described: Promise<FfmpegInUse | null> | undefined

/** The ffmpeg this process runs, chosen once; throws when there is none (or FFMPEG_PATH is wrong). */
export function ffmpegPath() {
  chosen ??= chooseFfmpeg({ env: process.env })
  if (!chosen) throw new Error("No ffmpeg found: install Debian's ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH")
  return chosen.path
}

/** The ffmpeg in use with its version, asked once; null when there is none. */
export function describeFfmpeg(): Promise<FfmpegInUse | null> {
  described ??= (async () => {
    chosen ??= chooseFfmpeg({ env: process.env })
    if (!chosen) return null
    const { stdout } = await promisify(execFile)(chosen.path, ['-version'], { timeout: 10_000 })
    return { ...chosen, version: parseFfmpegVersion(stdout) }
  })()
  // A failed ask is not an answer: the next one asks again.
  described.catch(() => (described = undefined))
  return described
}

/** What the start says of the ffmpeg in use: its version, a warning for the bundled build. */
export function ffmpegStartNotice(ffmpeg: FfmpegInUse | null): { level: 'info' | 'warn' | 'error'; message: string } {
  if (!ffmpeg)
    return {
      level: 'error',
      message:
        "no ffmpeg found: videos cannot be processed; install Debian's ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH",
    }
  if (ffmpeg.source === 'bundled')
    return {
      level: 'warn',
      message: `ffmpeg ${ffmpeg.version}: the old bundled build (2018, no security fixes since) decodes uploads; install Debian's ffmpeg (apt-get install ffmpeg)`,
    }
  return { level: 'info', message: `ffmpeg ${ffmpeg.version} (${ffmpeg.path}) decodes uploaded videos` }
}

/**
 * One line at start where videos are processed (`ffmpegStartNotice`). A wrong FFMPEG_PATH stops
 * the start, as any wrong setting does.
 */
export async function logFfmpegInUse() {
  let ffmpeg: FfmpegInUse | null
  try {
    ffmpeg = await describeFfmpeg()
  } catch (error) {
    if (error instanceof FfmpegPathError) throw error
    logger.error({ err: error }, 'ffmpeg does not answer: videos cannot be processed')
    return
  }
  const notice = ffmpegStartNotice(ffmpeg)
  logger[notice.level](
    ffmpeg ? { ffmpeg: ffmpeg.path, version: ffmpeg.version, source: ffmpeg.source } : {},
    notice.message,
  )
}
