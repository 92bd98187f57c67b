import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { importIconsPerFile, lucideIconFiles } from './bundle-splitting'

const barrel = readFileSync(createRequire(import.meta.url).resolve('lucide-react/dist/esm/lucide-react.js'), 'utf8')

describe('lucide icons imported from their own files', () => {
  const files = lucideIconFiles(barrel)

  it('knows every name lucide-react exports for an icon, aliases included', () => {
    expect(files.get('Download')).toBe('download.js')
    expect(files.get('DownloadIcon')).toBe('download.js')
    expect(files.get('LucideDownload')).toBe('download.js')
    // Renamed icons keep their old names as aliases of the new file.
    expect(files.get('Loader2')).toBe('loader-circle.js')
    expect(files.size).toBeGreaterThan(3000)
  })

  it('rewrites named imports, renames included, and keeps line numbers', () => {
    const code = "import {\n  Download,\n  Link as LinkIcon,\n} from 'lucide-react'\nconst x = 1"
    const rewritten = importIconsPerFile(code, files)
    expect(rewritten).toBe(
      "import Download from 'lucide-react/dist/esm/icons/download.js';import LinkIcon from 'lucide-react/dist/esm/icons/link.js';\n\n\n\nconst x = 1",
    )
  })

  it('leaves imports of anything that is not an icon to the barrel', () => {
    expect(importIconsPerFile("import { createLucideIcon, Download } from 'lucide-react'", files)).toBeNull()
    expect(importIconsPerFile("import { useState } from 'react'", files)).toBeNull()
  })
})
