import QRCode from 'qrcode'
import sharp from 'sharp'

/*
 * QR codes drawn once as SVG from the symbol's module matrix; the PNG is that same SVG
 * rasterised, so both downloads encode exactly the same thing. With a logo in the middle the
 * code uses the highest error correction (H, about 30% of the symbol may be hidden) and the logo
 * covers far less than that.
 */

export type QrDesign = { foreground: string; background: string; logo: Buffer | null }

const QUIET_ZONE = 4 // modules of margin the standard asks for
const LOGO_SHARE = 0.22 // of the symbol's width
const PNG_TARGET = 1024

export async function makeQrSvg(url: string, design: QrDesign) {
  const symbol = QRCode.create(url, { errorCorrectionLevel: design.logo ? 'H' : 'M' })
  const size = symbol.modules.size
  const total = size + QUIET_ZONE * 2
  const scale = Math.max(8, Math.round(PNG_TARGET / total))

  // The logo's plate, in modules, centred and of the symbol's parity so it sits on the grid.
  let plate: { start: number; span: number } | null = null
  if (design.logo) {
    let span = Math.round(size * LOGO_SHARE)
    if (span % 2 !== size % 2) span += 1
    plate = { start: (size - span) / 2, span }
  }
  const underPlate = (row: number, col: number) =>
    plate !== null &&
    row >= plate.start &&
    row < plate.start + plate.span &&
    col >= plate.start &&
    col < plate.start + plate.span

  // One path; each run of dark modules in a row is one rectangle.
  let path = ''
  for (let row = 0; row < size; row++) {
    let col = 0
    while (col < size) {
      if (!symbol.modules.get(row, col) || underPlate(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < size && symbol.modules.get(row, col) && !underPlate(row, col)) col++
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`
    }
  }

  let logo = ''
  if (plate && design.logo) {
    const inset = 0.6
    const picture = await sharp(design.logo)
      .resize(512, 512, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer()
    const x = plate.start + QUIET_ZONE
    logo =
      `<rect x="${x}" y="${x}" width="${plate.span}" height="${plate.span}" rx="${plate.span * 0.18}" fill="${design.background}"/>` +
      `<image x="${x + inset}" y="${x + inset}" width="${plate.span - inset * 2}" height="${plate.span - inset * 2}" preserveAspectRatio="xMidYMid meet" xlink:href="data:image/png;base64,${picture.toString('base64')}"/>`
  }

  return {
    svg:
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${total * scale}" height="${total * scale}" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges">` +
      `<rect width="${total}" height="${total}" fill="${design.background}"/>` +
      `<path d="${path}" fill="${design.foreground}"/>` +
      logo +
      `</svg>\n`,
    pixels: total * scale,
  }
}

export async function makeQrPng(url: string, design: QrDesign) {
  const { svg } = await makeQrSvg(url, design)
  // Opaque: the background is part of the design (an alpha channel only confuses print tools).
  return sharp(Buffer.from(svg)).flatten({ background: design.background }).png({ compressionLevel: 9 }).toBuffer()
}
