import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type express from 'express'
import { afterAll, describe, expect, it } from 'vitest'
import { builtPublicFiles, onlyFor } from './built-public-files'

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'built-client-'))
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }))

describe('the build’s public files', () => {
  fs.writeFileSync(path.join(directory, 'favicon.svg'), '<svg/>')
  fs.mkdirSync(path.join(directory, 'icons', 'app'), { recursive: true })
  fs.writeFileSync(path.join(directory, 'icons', 'app', 'touch icon.png'), '')
  fs.mkdirSync(path.join(directory, 'assets'))
  fs.writeFileSync(path.join(directory, 'assets', 'framework-abc.js'), '')

  it('lists every file outside assets/ by its URL path, nested ones too', () => {
    expect([...builtPublicFiles(directory)].sort()).toEqual(['/favicon.svg', '/icons/app/touch icon.png'])
    expect(builtPublicFiles(path.join(directory, 'missing')).size).toBe(0)
  })

  it('hands only those paths (as the browser encodes them) to the file server, and everything else on', () => {
    const served: string[] = []
    const passed: string[] = []
    const handler = onlyFor(builtPublicFiles(directory), (req) => void served.push(req.path))
    for (const url of [
      '/favicon.svg',
      '/icons/app/touch%20icon.png',
      '/demo/galeria/night',
      '/favicon.svg.map',
      '/%E0%A4%A',
    ]) {
      handler({ path: url } as express.Request, {} as express.Response, () => passed.push(url))
    }
    expect(served).toEqual(['/favicon.svg', '/icons/app/touch%20icon.png'])
    expect(passed).toEqual(['/demo/galeria/night', '/favicon.svg.map', '/%E0%A4%A'])
  })
})
