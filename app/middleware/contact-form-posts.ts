import { createMiddleware } from '@tanstack/react-start'
import type { ContactPostState } from '../contact/form-post'
import { answerContactFormPost, thanksStateOfUrl } from '../server/contact/form-post.server'

/** What a form post's page or a thank-you link shows is this visitor's alone: never stored by any cache. */
const personal = 'private, no-store'

/**
 * The contact form without JavaScript (contact/form-post.ts). A form post to a page (the server
 * entry flags it, after the body limit; the CSRF check ran before this) is checked and stored
 * like the server function's call, then answered with a redirect to the thank-you or the page
 * again in the state the post left; a thank-you link (`?sent=<token>`) renders the thank-you.
 */
export const contactFormPosts = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType, context }) => {
  if (handlerType !== 'router') return next()
  const renderIn = async (contactPost: ContactPostState, status: number) => {
    const { response } = await next({ context: { contactPost } })
    response.headers.set('Cache-Control', personal)
    // The page's own status (a 404, a redirect) wins over the submission's.
    return response.status === 200 && status !== 200 ? new Response(response.body, { status, headers: response.headers }) : response
  }
  if (context.pageFormPost) {
    return answerContactFormPost(request, { ip: context.clientIp, requestId: context.requestId }, renderIn)
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    const thanks = await thanksStateOfUrl(new URL(request.url))
    if (thanks) return renderIn(thanks, 200)
  }
  return next()
})
