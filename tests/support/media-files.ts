import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp, { type Color } from 'sharp'
import { ffmpegPath } from '#app/features/media/server/ffmpeg-binary.server'

/* Small real files of each kind a company can publish, made on the spot (nothing checked in). */

async function withFfmpeg(extension: string, args: string[]) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-media-'))
  const file = path.join(directory, `out.${extension}`)
  try {
    await promisify(execFile)(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', ...args, file])
    return await fs.readFile(file)
  } finally {
    await fs.rm(directory, { recursive: true, force: true })
  }
}

/** A test-pattern clip with a tone: H.264/AAC in MP4 or VP8/Vorbis in WebM (every Chromium plays WebM). */
export function makeVideo(format: 'mp4' | 'webm', seconds = 4) {
  const codecs =
    format === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart']
      : ['-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libvorbis']
  return withFfmpeg(format, [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=640x360:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-shortest',
    ...codecs,
  ])
}

/** A one-second 440 Hz tone as MP3. */
export function makeAudio(seconds = 1) {
  return withFfmpeg('mp3', [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
  ])
}

export type PhotoOptions = { format?: 'jpeg' | 'png'; quality?: number; alpha?: boolean }

/** A photo of one colour: JPEG (sharp's default quality unless given) or PNG, with an alpha channel if asked. */
export function makePhoto(
  width = 1600,
  height = 1000,
  color: Color = '#e11d48',
  { format = 'jpeg', quality, alpha = false }: PhotoOptions = {},
) {
  const image = sharp({ create: { width, height, channels: alpha ? 4 : 3, background: color } })
  return (format === 'png' ? image.png() : image.jpeg(quality === undefined ? undefined : { quality })).toBuffer()
}

/**
 * An MP4's opening `ftyp` box followed by `body`: read as video/mp4 from its bytes, though nothing can
 * play it. Enough for upload rules, byte ranges and archives; `makeVideo` makes a playable one.
 */
export function fakeMp4(body: Buffer) {
  return Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), body])
}

/** A valid one-page PDF saying `text` (objects and cross-reference table written by hand). */
export function makePdf(text = 'Setlist') {
  const stream = `BT /F1 36 Tf 72 700 Td (${text.replace(/[()\\]/g, '')}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
