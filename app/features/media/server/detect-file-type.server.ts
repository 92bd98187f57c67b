import { fileTypeFromFile } from 'file-type'

/** What a file's first bytes say it is (magic numbers), or undefined for unknown/plain files. */
export async function detectFileType(filePath: string): Promise<string | undefined> {
  return (await fileTypeFromFile(filePath))?.mime
}
