import { PORTAL_SIGN_IN_TOKEN_QUERY } from 'shared-kit/contract';
import { portalLink, portalPageAddress } from 'shared-kit/pages';
import type { Db } from '../db/database';
import { readMailBrand } from '../email/brand';
import { sendTemplatedEmail } from '../email/send-templated-email';
import { SignInCodeMail, signInMailSubject } from './mails/sign-in-code-mail';
import type { IssuedCode } from './sign-in-codes';

export const SIGN_IN_MAIL_KIND = 'portal.sign-in-code';

export interface SignInMailTarget {
  manufacturerId: number;
  manufacturerName: string;
  slug: string;
  to: string;
}

/** The magic link of a code: on the portal page, which posts the token to the sign-in route. */
export const signInLink = (publicUrl: string, slug: string, linkToken: string) =>
  `${publicUrl}${portalPageAddress(slug, portalLink('signIn'))}?${PORTAL_SIGN_IN_TOKEN_QUERY}=${encodeURIComponent(linkToken)}`;

/** Writes the sign-in mail to the outbox in the caller's transaction: it leaves exactly when the code exists. */
export async function mailSignInCode(
  db: Db,
  publicUrl: string,
  target: SignInMailTarget,
  issued: IssuedCode,
  sentByStaff: boolean,
): Promise<void> {
  const brand = await readMailBrand(db, target.manufacturerId);
  if (!brand) throw new Error(`no manufacturer ${target.manufacturerId} to send a sign-in mail for`);
  await sendTemplatedEmail(db, {
    manufacturerId: target.manufacturerId,
    brand,
    to: target.to,
    kind: SIGN_IN_MAIL_KIND,
    subject: signInMailSubject(target.manufacturerName, issued.code),
    transactional: true,
    secrets: [issued.code, issued.linkToken],
    preview: `Your code is ${issued.code}. It works once, for a few minutes.`,
    body: (
      <SignInCodeMail
        manufacturerName={target.manufacturerName}
        code={issued.code}
        link={signInLink(publicUrl, target.slug, issued.linkToken)}
        sentByStaff={sentByStaff}
        brandColor={brand.brandColor}
      />
    ),
  });
}
