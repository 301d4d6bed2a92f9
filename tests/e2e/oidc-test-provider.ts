import type { Server } from 'node:http'
import Provider from 'oidc-provider'

/**
 * A real OpenID Connect provider for the admin's sign-in journeys (oidc-provider, the certified
 * library): its own login form (any password), consent taken as given, PKCE required, and two
 * people in two groups. The groups are a `profile` claim, so the site reads them from the
 * userinfo endpoint (an ID token conforming to the scopes carries only `sub`).
 */
export const people = {
  eddie: { name: 'Eddie Editor', email: 'eddie@dealer.example', groups: ['marketing'] },
  pia: { name: 'Pia Publisher', email: 'pia@dealer.example', groups: ['web-leads'] },
  sam: { name: 'Sam Sales', email: 'sam@dealer.example', groups: ['sales'] },
} as const

export const testClient = { id: 'dealer-site', secret: 'test-client-secret-0123456789' }

export async function startTestProvider(port: number, redirectUri: string): Promise<{ issuer: string; close: () => Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: testClient.id,
        client_secret: testClient.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'groups'], email: ['email', 'email_verified'] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    findAccount: (_ctx, id) => {
      const person = new Map(Object.entries(people)).get(id)
      if (!person) return undefined
      return { accountId: id, claims: () => ({ sub: id, ...person, groups: [...person.groups], email_verified: true }) }
    },
    // The site is the company's own application: no consent screen.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId
      if (!ctx.oidc.client || !accountId) return undefined
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId })
      grant.addOIDCScope('openid profile email')
      await grant.save()
      return grant
    },
  })
  const server: Server = provider.listen(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject))
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
