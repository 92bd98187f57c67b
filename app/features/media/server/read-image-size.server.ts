import sharp from 'sharp'

/**
 * A photo's size in pixels read from its header alone: no pixel is decoded, so a small file
 * claiming a huge picture costs nothing to judge. Multi-page images (animations) count the page
 * that is decoded. Null when the header cannot be read; the decoder then refuses it too.
 */
export async function readImageSize(file: string | Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height, pageHeight } = await sharp(file, { limitInputPixels: false }).metadata()
    return width && height ? { width, height: pageHeight ?? height } : null
  } catch {
    return null
  }
}
