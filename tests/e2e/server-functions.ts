import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The server function ids in the client build (TanStack Start calls them at /_serverFn/<id>). */
export function serverFunctionIds(): string[] {
  const ids = new Set<string>()
  const assets = '.output/public/assets'
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    for (const [, id] of readFileSync(join(assets, file), 'utf8').matchAll(/["'`]([0-9a-f]{64})["'`]/g)) if (id) ids.add(id)
  }
  return [...ids].sort()
}
