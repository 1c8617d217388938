import { useSearchParams } from 'react-router';
import { API_BASE, OIDC_PATHS, ssoErrorMessage } from '@cloudstash/contract';
import { useAuthProviders } from '../api/providers';

/** Where a single sign-on starts; with an invite, a first sign-in registers with it on an invite-only instance. */
export const ssoStartHref = (invite?: string) =>
  `${API_BASE}${OIDC_PATHS.start}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`;

/**
 * Single sign-on on the login page (and an invite's registration page): why the last attempt came back here
 * (the callback's `sso_error`), and the "Sign in with {label}" button when a provider is configured (with an
 * invite, only when single sign-on may create accounts). The button is a plain link: the start is a full-page
 * navigation to the provider and back.
 */
export function SsoSignIn({ invite }: { invite?: string } = {}) {
  const [params] = useSearchParams();
  const providers = useAuthProviders();
  const error = ssoErrorMessage(params.get('sso_error'));
  const provider = providers.data?.oidc;
  const oidc = provider && (!invite || provider.createsAccounts) ? provider : null;
  return (
    <>
      {error && (
        <div role="alert" className="alert alert-error alert-soft text-sm">
          {error}
        </div>
      )}
      {oidc && (
        <>
          <div className="divider my-0 text-sm">or</div>
          <a href={ssoStartHref(invite)} className="btn btn-outline w-full">
            Sign in with {oidc.label}
          </a>
        </>
      )}
    </>
  );
}
