import { spawn } from 'node:child_process'
import { ffmpegPath } from './ffmpeg-binary.server'

/*
 * ffmpeg on a file someone uploaded (ADR 093): its decoders are the largest attack surface the
 * platform runs, so every run is fenced in.
 * - Only the containers an upload may be (MP4/MOV, Matroska/WebM, AVI: `upload-rules.ts`), so a
 *   playlist or concat list renamed .mp4 is not followed, and only the `file` protocol, so nothing
 *   in the file makes ffmpeg fetch a URL.
 * - A wall-clock limit, after which the process is killed; a CPU-time and address-space limit
 *   set by the kernel (`ulimit` in the shell that execs ffmpeg, Linux), which holds even if this
 *   process dies first; a bound on any single allocation (`-max_alloc`); a bounded thread count;
 *   no standard input; and bounded output kept in memory.
 */

export type FfmpegLimits = {
  /** Wall-clock time of one run before it is killed. */
  timeoutMs: number
  /** CPU time of one run, all its threads together (the kernel stops it past that). */
  cpuSeconds: number
  /** Address space of the process: decoders, frames, the libraries it maps. */
  addressSpaceBytes: number
  /** The largest single allocation ffmpeg may make. */
  maxAllocBytes: number
  threads: number
  /** Demuxers allowed to read the input (ffmpeg's names; one matches a demuxer listing several). */
  formats: string[]
  protocols: string[]
  /** Standard output kept: a poster frame as PNG fits with room to spare. */
  maxStdoutBytes: number
}

const MiB = 1024 * 1024

export const UPLOAD_LIMITS: FfmpegLimits = {
  timeoutMs: 120_000,
  cpuSeconds: 240,
  // Debian's ffmpeg maps about half a gigabyte of libraries before it reads a byte; an 8K 10-bit
  // HEVC frame needs about three times that.
  addressSpaceBytes: 3072 * MiB,
  maxAllocBytes: 512 * MiB,
  threads: 2,
  formats: ['mov', 'matroska', 'avi'],
  protocols: ['file'],
  maxStdoutBytes: 256 * MiB,
}

/** Kept of ffmpeg's description (standard error): enough for every stream and tag, bounded for a crafted file. */
const MAX_STDERR_CHARS = 1_000_000

export class FfmpegTimeoutError extends Error {
  constructor(readonly pid: number | undefined) {
    super('ffmpeg did not finish within its time limit and was stopped')
    this.name = 'FfmpegTimeoutError'
  }
}

export class FfmpegOutputTooLargeError extends Error {
  constructor() {
    super('ffmpeg wrote more than it may and was stopped')
    this.name = 'FfmpegOutputTooLargeError'
  }
}

export type FfmpegRun = { code: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string }

/** The command line: `ffmpeg [fences] [beforeInput] -i file:<input> [output]`. */
export function uploadFfmpegArguments(
  input: string,
  options: { beforeInput?: string[]; output?: string[] },
  limits: FfmpegLimits = UPLOAD_LIMITS,
) {
  const output = options.output ?? []
  return [
    '-nostdin',
    '-hide_banner',
    '-max_alloc',
    String(limits.maxAllocBytes),
    ...(options.beforeInput ?? []),
    '-threads',
    String(limits.threads),
    '-format_whitelist',
    limits.formats.join(','),
    '-protocol_whitelist',
    limits.protocols.join(','),
    '-i',
    // Spelled as a file: a name can never be read as another protocol's address.
    `file:${input}`,
    ...(output.length > 0 ? ['-threads', String(limits.threads), ...output] : []),
  ]
}

/**
 * The program and arguments that run ffmpeg under the kernel's limits: a shell sets them on itself,
 * then becomes ffmpeg (`exec`, the same process). Where `ulimit` cannot set them, ffmpeg does not run.
 */
function underKernelLimits(program: string, args: string[], limits: FfmpegLimits): [string, string[]] {
  if (process.platform !== 'linux') return [program, args]
  return [
    '/bin/sh',
    [
      '-c',
      'ulimit -t "$1" && ulimit -v "$2" && shift 2 && exec "$@"',
      'ffmpeg-limits',
      String(limits.cpuSeconds),
      String(Math.floor(limits.addressSpaceBytes / 1024)),
      program,
      ...args,
    ],
  ]
}

/** Runs ffmpeg on an uploaded file, fenced in (see the module); rejects on a timeout or too much output. */
export function runFfmpegOnUpload(
  input: string,
  options: {
    beforeInput?: string[]
    output?: string[]
    limits?: Partial<FfmpegLimits>
    onStart?: (pid: number) => void
  },
): Promise<FfmpegRun> {
  const limits = { ...UPLOAD_LIMITS, ...options.limits }
  const [program, args] = underKernelLimits(ffmpegPath(), uploadFfmpegArguments(input, options, limits), limits)
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    if (child.pid !== undefined) options.onStart?.(child.pid)
    let failure: Error | null = null
    const stop = (error: Error) => {
      failure ??= error
      child.kill('SIGKILL')
    }
    const timer = setTimeout(() => stop(new FfmpegTimeoutError(child.pid)), limits.timeoutMs)
    const stdout: Buffer[] = []
    let stdoutBytes = 0
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length
      if (stdoutBytes > limits.maxStdoutBytes) return stop(new FfmpegOutputTooLargeError())
      stdout.push(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_CHARS) stderr += chunk.toString().slice(0, MAX_STDERR_CHARS - stderr.length)
    })
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (failure) reject(failure)
      else resolve({ code, signal, stdout: Buffer.concat(stdout), stderr })
    })
  })
}
