import type { ChildProcess } from 'node:child_process'

/** The built server's entry file. */
export const serverEntry: string
/** The reference app's server entry (bench/reference). */
export const referenceServerEntry: string

export interface StartOptions {
  env?: Record<string, string | undefined>
  args?: string[]
  readyPath?: string
  readyOutput?: RegExp
  timeoutMs?: number
  onOutput?: (text: string) => void
  launcher?: string[]
  detached?: boolean
}

export interface BuiltServer {
  child: ChildProcess
  base: string
  pid: number | undefined
  output: () => string
  stop: (graceMs?: number) => Promise<void>
}

export function startBuiltServer(port: number, options?: StartOptions): Promise<BuiltServer>
export function startReferenceServer(port: number, options?: Omit<StartOptions, 'args'>): Promise<BuiltServer>
export function stopBuiltServer(child: ChildProcess, graceMs?: number): Promise<void>
