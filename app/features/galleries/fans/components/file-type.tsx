import { File, FileArchive, FileText, Film, Image, Music, type LucideIcon } from 'lucide-react'

export const FILE_KINDS = ['image', 'video', 'audio', 'pdf', 'archive', 'other'] as const
export type FileKind = (typeof FILE_KINDS)[number]

const ICONS: Record<FileKind, LucideIcon> = {
  image: Image,
  video: Film,
  audio: Music,
  pdf: FileText,
  archive: FileArchive,
  other: File,
}

const ARCHIVE = /\.(zip|rar|7z|tar|gz|tgz|bz2|xz)$/i

/** What a fan is told a file is: its media type, with archives told apart from other files. */
export function fileKindOf(mediaType: string | null | undefined, fileName?: string): FileKind {
  if (mediaType === 'image' || mediaType === 'video' || mediaType === 'audio' || mediaType === 'pdf') return mediaType
  return fileName && ARCHIVE.test(fileName) ? 'archive' : 'other'
}

export function FileTypeIcon({ kind, className }: { kind: FileKind; className?: string }) {
  const Icon = ICONS[kind]
  return <Icon aria-hidden className={className} />
}
