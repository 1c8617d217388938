import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const oidc = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/cloudstash-config', ...env }).oidc;

describe('single sign-on settings', () => {
  it('are off unless an issuer and a client are both set', () => {
    expect(oidc({})).toBeUndefined();
    expect(() => oidc({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(ConfigError);
    expect(() => oidc({ OIDC_CLIENT_ID: 'cloudstash' })).toThrow(ConfigError);
  });

  it('need an https issuer, and relax the insecure-request checks only for http on loopback', () => {
    const base = { OIDC_CLIENT_ID: 'cloudstash' };
    expect(oidc({ ...base, OIDC_ISSUER: 'https://id.example.com/realms/x' })).toMatchObject({
      issuer: 'https://id.example.com/realms/x',
      allowInsecureRequests: false,
      autoRegister: false,
      label: 'single sign-on',
    });
    expect(() => oidc({ ...base, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/must be an https/);
    expect(() => oidc({ ...base, OIDC_ISSUER: 'http://127.0.0.1.example.com' })).toThrow(ConfigError);
    for (const issuer of ['http://127.0.0.1:4000', 'http://localhost:4000', 'http://[::1]:4000']) {
      expect(oidc({ ...base, OIDC_ISSUER: issuer })?.allowInsecureRequests).toBe(true);
    }
  });
});
