import { ServerResponse, STATUS_CODES } from 'node:http'
import { definePlugin } from 'nitro'

/**
 * Status lines with their standard reason phrase ("HTTP/1.1 200 OK", not "HTTP/1.1 200 ").
 * The server adapter (srvx) hands Node a Web Response's statusText, which is '' unless a
 * handler set one, and Node sends the phrase it is given. So a response's phrase, when empty,
 * reads as the standard one for its status; a phrase that was set is kept. (HTTP/2 has none.)
 * Node's writeHead reads `statusMessage` after setting `statusCode`; the accessor sits on the
 * prototype so it covers every response, static files and errors included. Stateless: nitro
 * bundles this apart from the app.
 */
export default definePlugin(() => {
  const phrases = new WeakMap<ServerResponse, string | undefined>()
  Object.defineProperty(ServerResponse.prototype, 'statusMessage', {
    configurable: true,
    get(this: ServerResponse): string {
      return phrases.get(this) || STATUS_CODES[this.statusCode] || ''
    },
    set(this: ServerResponse, value: string | undefined) {
      phrases.set(this, value)
    },
  })
})
