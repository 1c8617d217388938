import * as client from 'openid-client';
import type { Config } from '../../../config';
import type { OidcFlow } from './flow-seal';

export type OidcSettings = NonNullable<Config['oidc']>;

/** Who the provider says signed in: the identity, and the claims an account is found or made from. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

type Claims = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The display name the claims offer, best first. */
function nameFrom(claims: Claims): string | undefined {
  const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return text(claims.name) ?? (given || undefined) ?? text(claims.preferred_username);
}

/**
 * The provider, through `openid-client`: its metadata is discovered on first use (and again after a failure,
 * so a provider that was down at start-up does not need a restart), then each sign-in is an authorization
 * code flow with PKCE (S256), a state and a nonce, all three checked by the library on the way back.
 */
export class OidcProviderClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret, allowInsecureRequests } = this.settings;
    this.configuration ??= client
      .discovery(
        new URL(issuer),
        clientId,
        undefined,
        clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
        {
          timeout: 10,
          // Only for an http issuer on a loopback address (config.ts refuses any other http issuer).
          ...(allowInsecureRequests && { execute: [client.allowInsecureRequests] }),
        },
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  /** Fresh secrets for one sign-in attempt. */
  static newChecks(): Pick<OidcFlow, 'state' | 'nonce' | 'codeVerifier'> {
    return {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
  }

  async authorizationUrl(flow: OidcFlow): Promise<URL> {
    const configuration = await this.discover();
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: flow.redirectUri,
      scope: 'openid email profile',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * Checks the authorization response against the flow, exchanges the code, verifies the ID token (signature,
   * issuer, audience, expiry, nonce) and reads the claims, from the user info endpoint too when the ID token
   * leaves the email out.
   */
  async identify(callbackUrl: URL, flow: OidcFlow): Promise<OidcIdentity> {
    const configuration = await this.discover();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims()!;
    let claims: Claims = { ...idToken };
    if (!text(claims.email) && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      claims = { ...info, ...idToken };
    }
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: text(claims.email),
      // Some providers send the string "true"; anything else is not a verification.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: nameFrom(claims),
    };
  }
}
