export interface FileSizes {
  url: string
  raw: number
  gzip: number
  brotli: number
}

export interface InitialJs {
  files: number
  filesFromHtml: number
  rawBytes: number
  gzipBytes: number
  brotliBytes: number
  inlineGzipBytes: number
  hasMap: boolean
  fileList: FileSizes[]
}

export function compressedSizes(bytes: Uint8Array | string): { gzip: number; brotli: number }

export function initialJs(
  pageUrl: string,
  pageHtml: string,
  getBytes: (url: string) => Promise<Buffer>,
  cache?: Map<string, unknown>,
): Promise<InitialJs>
