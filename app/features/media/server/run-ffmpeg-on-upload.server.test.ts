import { describe, expect, it } from 'vitest'
import { UPLOAD_LIMITS, uploadFfmpegArguments } from './run-ffmpeg-on-upload.server'

describe("ffmpeg's command line for an uploaded file", () => {
  it('puts every fence on the input, before it is opened, and names the input as a file', () => {
    const args = uploadFfmpegArguments('/tmp/job/http://evil', {
      beforeInput: ['-ss', '1'],
      output: ['-frames:v', '1', 'pipe:1'],
    })
    const input = args.indexOf('-i')
    expect(args[input + 1]).toBe('file:/tmp/job/http://evil')
    const before = args.slice(0, input)
    expect(before).toEqual(expect.arrayContaining(['-nostdin', '-ss', '1']))
    const option = (name: string) => before[before.indexOf(name) + 1]
    expect(option('-protocol_whitelist')).toBe('file')
    expect(option('-format_whitelist')).toBe('mov,matroska,avi')
    expect(option('-max_alloc')).toBe(String(UPLOAD_LIMITS.maxAllocBytes))
    expect(option('-threads')).toBe(String(UPLOAD_LIMITS.threads))
    // The encoder is bounded too, when there is an output.
    expect(args.slice(input + 2)).toEqual(['-threads', String(UPLOAD_LIMITS.threads), '-frames:v', '1', 'pipe:1'])
  })

  it('adds no output options to a run that only describes the file', () => {
    const args = uploadFfmpegArguments('/tmp/job/original', {})
    expect(args.at(-2)).toBe('-i')
    expect(args.at(-1)).toBe('file:/tmp/job/original')
  })
})
