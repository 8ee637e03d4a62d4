import { isEntraIssuer } from './entra-issuers';

const TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

describe("Microsoft Entra's issuers (who may vouch for an address with xms_edov)", () => {
  it.each([
    `https://login.microsoftonline.com/${TENANT}/v2.0`,
    `https://login.microsoftonline.us/${TENANT}/v2.0`,
    `https://login.partner.microsoftonline.cn/${TENANT}/v2.0`,
    `https://sts.windows.net/${TENANT}/`,
  ])('knows %s', (issuer) => {
    expect(isEntraIssuer(issuer)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:4000',
    'https://accounts.google.com',
    `http://login.microsoftonline.com/${TENANT}/v2.0`,
    `https://login.microsoftonline.com.evil.test/${TENANT}/v2.0`,
    `https://evil.test/login.microsoftonline.com/${TENANT}/v2.0`,
    `https://login.microsoftonline.com/${TENANT}/v2.0/evil`,
    'https://login.microsoftonline.com/common/v2.0',
    'https://login.microsoftonline.com/{tenantid}/v2.0',
    `https://login.microsoftonline.com/${TENANT.toUpperCase()}x/v2.0`,
    `https://sts.windows.net.evil.test/${TENANT}/`,
  ])('refuses %s', (issuer) => {
    expect(isEntraIssuer(issuer)).toBe(false);
  });
});
