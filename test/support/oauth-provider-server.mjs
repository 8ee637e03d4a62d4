// A real OAuth 2.0 / OpenID provider for the mailbox tests (oidc-provider, an ES module, so it runs as
// a process of its own, started and stopped by test/support/oauth-provider.ts). Two clients: the
// service (authorization code + PKCE + refresh tokens) and the mail servers (Dovecot, the SMTP
// capture), which introspect the tokens they are shown. The login and consent screens approve at
// once as ACCOUNT: the tests drive the redirects, not a person.
import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const { PORT, CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, ACCOUNT, MAIL_SERVER_ID, MAIL_SERVER_SECRET } = process.env;

/**
 * Who the next login signs in as, and how (POST /test/next-login changes it). `xmsEdov`: Microsoft
 * Entra's claim, sent when set; `forgeIdToken`: the next ID token the token endpoint hands out names
 * `email` instead, its signature left as it was or made with a key that is not the provider's.
 */
const FIRST_LOGIN = {
  account: ACCOUNT,
  amr: ['pwd'],
  emailVerified: true,
  xmsEdov: undefined,
  forgeIdToken: undefined,
};
const nextLogin = { ...FIRST_LOGIN };

const provider = new Provider(`http://127.0.0.1:${PORT}`, {
  clients: [
    {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uris: REDIRECT_URI.split(','),
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
    {
      client_id: MAIL_SERVER_ID,
      client_secret: MAIL_SERVER_SECRET,
      redirect_uris: [],
      grant_types: [],
      response_types: [],
    },
  ],
  cookies: { keys: ['mailbox-tests-cookie-key'] },
  features: {
    devInteractions: { enabled: false },
    introspection: { enabled: true },
    revocation: { enabled: true },
  },
  // The ID token carries the claims of the scopes asked for (the staff sign-in reads email from it).
  conformIdTokenClaims: false,
  claims: {
    acr: null,
    auth_time: null,
    sid: null,
    openid: ['sub', 'amr'],
    email: ['email', 'email_verified', 'xms_edov'],
    profile: ['name'],
  },
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({
      sub: id,
      email: id,
      email_verified: nextLogin.emailVerified,
      ...(nextLogin.xmsEdov === undefined ? {} : { xms_edov: nextLogin.xmsEdov }),
      name: `Person ${id.split('@')[0]}`,
    }),
  }),
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  issueRefreshToken: (_ctx, client, code) =>
    client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
  // Every refresh hands out a new refresh token and retires the old one, as Microsoft's does.
  rotateRefreshToken: true,
  scopes: ['openid', 'offline_access', 'email'],
});

/**
 * An ID token that claims another address: the provider's own signature kept (it no longer fits), or
 * the token signed anew with a key of the same kind and key id that the provider never published.
 */
function forged(idToken, { email, signedBy }) {
  const [header, payload, signature] = idToken.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), email };
  const signed = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  if (signedBy === 'provider') {
    return `${signed}.${signature}`;
  }
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString());
  const data = Buffer.from(signed);
  const other =
    alg === 'EdDSA'
      ? sign(null, data, generateKeyPairSync('ed25519').privateKey)
      : alg === 'ES256'
        ? sign('sha256', data, {
            key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
            dsaEncoding: 'ieee-p1363',
          })
        : sign('sha256', data, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
  return `${signed}.${other.toString('base64url')}`;
}

provider.use(async (ctx, next) => {
  await next();
  const forgery = nextLogin.forgeIdToken;
  if (forgery && ctx.path === '/token' && typeof ctx.body?.id_token === 'string') {
    nextLogin.forgeIdToken = undefined;
    ctx.body = { ...ctx.body, id_token: forged(ctx.body.id_token, forgery) };
  }
});

/**
 * Ends one access token before its time and nothing else (as Microsoft's continuous access
 * evaluation may): RFC 7009 revocation of an access token here revokes its whole grant.
 */
async function endAccessToken(req, res) {
  let body = '';
  for await (const chunk of req) body += chunk;
  const token = await provider.AccessToken.find(body.trim());
  await token?.destroy();
  res.statusCode = token ? 204 : 404;
  res.end();
}

const server = createServer(async (req, res) => {
  if (req.method === 'POST' && req.url === '/test/end-access-token') {
    await endAccessToken(req, res);
    return;
  }
  if (req.method === 'POST' && req.url === '/test/next-login') {
    let body = '';
    for await (const chunk of req) body += chunk;
    Object.assign(nextLogin, FIRST_LOGIN, JSON.parse(body));
    res.statusCode = 204;
    res.end();
    return;
  }
  const interaction = /^\/interaction\/[^/?]+/.exec(req.url ?? '');
  if (!interaction) {
    provider.callback()(req, res);
    return;
  }
  try {
    const details = await provider.interactionDetails(req, res);
    let result;
    if (details.prompt.name === 'login') {
      result = { login: { accountId: nextLogin.account, amr: nextLogin.amr } };
    } else {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
      const missing = details.prompt.details;
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      result = { consent: { grantId: await grant.save() } };
    }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  } catch (error) {
    res.statusCode = 500;
    res.end(String(error));
  }
});
server.listen(Number(PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
