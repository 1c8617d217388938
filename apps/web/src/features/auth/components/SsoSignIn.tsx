import { useSearchParams } from 'react-router';
import { API_BASE, OIDC_PATHS, ssoErrorMessage } from '@cloudstash/contract';
import { useAuthProviders } from '../api/providers';

/**
 * Single sign-on on the login page: why the last attempt came back here (the callback's `sso_error`), and
 * the "Sign in with {label}" button when a provider is configured. The button is a plain link: the start is
 * a full-page navigation to the provider and back.
 */
export function SsoSignIn() {
  const [params] = useSearchParams();
  const providers = useAuthProviders();
  const error = ssoErrorMessage(params.get('sso_error'));
  const oidc = providers.data?.oidc;
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
          <a href={`${API_BASE}${OIDC_PATHS.start}`} className="btn btn-outline w-full">
            Sign in with {oidc.label}
          </a>
        </>
      )}
    </>
  );
}
