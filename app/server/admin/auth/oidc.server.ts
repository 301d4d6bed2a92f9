import * as client from 'openid-client'
import type { RuntimeConfig } from '../../platform/env.server'
import { rememberSignIn, takeSignIn } from './sessions.server'

/**
 * Sign-in at the company's OpenID Connect provider (ADR 100): the authorization code flow with
 * PKCE (S256), state and nonce, through openid-client. The provider's metadata is discovered from
 * ADMIN_OIDC_ISSUER once per process (again after a failure); the code is exchanged with the
 * client secret. What a sign-in under way must remember lives in the database, so the provider's
 * answer may reach any worker.
 */

type ProviderSettings = Pick<RuntimeConfig, 'ADMIN_OIDC_ISSUER' | 'ADMIN_OIDC_CLIENT_ID' | 'ADMIN_OIDC_CLIENT_SECRET' | 'SITE_URL'>

export class SignInError extends Error {
  override name = 'SignInError'
}

let discovered: { issuer: string; configuration: Promise<client.Configuration> } | undefined

function provider(settings: ProviderSettings): Promise<client.Configuration> {
  const { ADMIN_OIDC_ISSUER: issuer, ADMIN_OIDC_CLIENT_ID: clientId, ADMIN_OIDC_CLIENT_SECRET: secret } = settings
  if (!issuer || !clientId || !secret) return Promise.reject(new SignInError('The sign-in provider is not configured'))
  if (discovered?.issuer === issuer) return discovered.configuration
  const url = new URL(issuer)
  // http only for a provider on this machine (a test's): the setting refuses any other (admin-settings.server.ts).
  const options = url.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined
  const configuration = client.discovery(url, clientId, secret, undefined, options)
  configuration.catch(() => {
    if (discovered?.configuration === configuration) discovered = undefined
  })
  discovered = { issuer, configuration }
  return configuration
}

/** Where the provider sends the editor back: on SITE_URL, whatever address the request came in on. */
export const callbackUrl = (settings: Pick<RuntimeConfig, 'SITE_URL'>) => new URL('/admin/auth/callback', settings.SITE_URL)

/** The provider's sign-in page for a new sign-in, and the id the browser keeps for it (a cookie). */
export async function beginSignIn(settings: ProviderSettings): Promise<{ location: string; signInId: string }> {
  const configuration = await provider(settings)
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const signInId = await rememberSignIn({ state, nonce, verifier })
  const location = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(settings).href,
    scope: 'openid profile email',
    response_type: 'code',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })
  return { location: location.href, signInId }
}

/**
 * The person the provider's answer (the callback's query) signs in: the ID token's claims, with
 * the userinfo endpoint's added (a provider may give groups or the address only there).
 */
export async function finishSignIn(
  settings: ProviderSettings,
  query: URLSearchParams,
  signInId: string | undefined,
): Promise<Record<string, unknown>> {
  const checks = await takeSignIn(signInId)
  if (!checks) throw new SignInError('This sign-in is unknown or took too long: start again')
  const configuration = await provider(settings)
  const answer = new URL(callbackUrl(settings))
  answer.search = query.toString()
  let tokens
  try {
    tokens = await client.authorizationCodeGrant(configuration, answer, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    })
  } catch (error) {
    throw new SignInError(`The provider's answer was not accepted: ${error instanceof Error ? error.message : String(error)}`)
  }
  const claims: Record<string, unknown> = { ...tokens.claims() }
  const subject = claims.sub
  if (typeof subject !== 'string') throw new SignInError('The provider named no one')
  if (configuration.serverMetadata().userinfo_endpoint) {
    try {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, subject)
      for (const [name, value] of Object.entries(info)) if (!(name in claims)) claims[name] = value
    } catch {
      // The ID token's claims are enough when they name the role; otherwise the sign-in is refused below.
    }
  }
  return claims
}
