import { PORTAL_SIGN_IN_CODE_TTL_MINUTES } from 'shared-kit/contract';
import { MAIL_CODE_STYLE } from './code-style';
import { PortalButton } from '../../email/templates/portal-button';

export interface SignInCodeMailProps {
  manufacturerName: string;
  code: string;
  /** The magic link: `<public URL>/portal/<slug>/sign-in?token=…`. */
  link: string;
  /** Sent because staff of the manufacturer asked for it, not the customer. */
  sentByStaff: boolean;
  /** The manufacturer's brand colour (its mail settings, else the default), as every mail's button has. */
  brandColor: string;
}

/** The sign-in mail's content: the code to type and the link to click, both single use, both for the same 10 minutes. */
export function SignInCodeMail({ manufacturerName, code, link, sentByStaff, brandColor }: SignInCodeMailProps) {
  return (
    <div>
      <p>
        {sentByStaff
          ? `${manufacturerName} sent you a way to sign in to your customer portal.`
          : `Here is your code to sign in to the ${manufacturerName} customer portal.`}
      </p>
      <p style={MAIL_CODE_STYLE}>{code}</p>
      <p>Or sign in with one click:</p>
      <PortalButton link={link} label="Sign in to the portal" color={brandColor} />
      <p>
        The code and the link work once, for {PORTAL_SIGN_IN_CODE_TTL_MINUTES} minutes. If you did not ask to sign in,
        you can ignore this mail: nobody can sign in without it.
      </p>
    </div>
  );
}

export const signInMailSubject = (manufacturerName: string, code: string) =>
  `${code} is your ${manufacturerName} sign-in code`;
