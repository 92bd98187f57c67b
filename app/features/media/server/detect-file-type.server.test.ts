import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkDetectedType } from '../upload-rules'
import { detectFileType } from './detect-file-type.server'

let dir: string
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-detect-'))
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

async function file(name: string, bytes: Buffer) {
  const target = path.join(dir, name)
  await fs.writeFile(target, bytes)
  return target
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')
const WINDOWS_EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')])

describe('detecting a file by its bytes', () => {
  it('recognises a PNG whatever it is called, and catches the renamed one', async () => {
    const honest = await file('honest.png', PNG)
    expect(await detectFileType(honest)).toBe('image/png')
    const renamed = await file('holiday.mp4', PNG)
    expect(checkDetectedType('holiday.mp4', await detectFileType(renamed))).toEqual({
      ok: false,
      messageKey: 'uploads.errors.contentMismatch',
    })
  })

  it('treats plain text as unknown, which only non-media names may be', async () => {
    const notes = await file('notes.txt', Buffer.from('Setlist:\n1. Intro\n'))
    expect(await detectFileType(notes)).toBeUndefined()
    expect(checkDetectedType('notes.txt', undefined).ok).toBe(true)
  })

  it('spots a Windows program disguised as a document', async () => {
    const disguised = await file('invoice.pdf', WINDOWS_EXE)
    const detected = await detectFileType(disguised)
    expect(checkDetectedType('invoice.pdf', detected)).toEqual({
      ok: false,
      messageKey: expect.stringMatching(/blockedType|contentMismatch/),
    })
  })
})
