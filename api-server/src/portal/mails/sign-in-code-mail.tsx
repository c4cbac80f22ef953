import { PORTAL_SIGN_IN_CODE_TTL_MINUTES } from 'shared-kit/contract';
import { MAIL_CODE_STYLE } from './code-style';

export interface SignInCodeMailProps {
  manufacturerName: string;
  code: string;
  /** The magic link: `<public URL>/portal/<slug>/sign-in?token=…`. */
  link: string;
  /** Sent because staff of the manufacturer asked for it, not the customer. */
  sentByStaff: boolean;
}

const buttonStyle = {
  display: 'inline-block',
  padding: '12px 20px',
  borderRadius: '6px',
  background: '#1f4f99',
  color: '#ffffff',
  textDecoration: 'none',
} as const;

/** The sign-in mail's content: the code to type and the link to click, both single use, both for the same 10 minutes. */
export function SignInCodeMail({ manufacturerName, code, link, sentByStaff }: SignInCodeMailProps) {
  return (
    <div>
      <p>
        {sentByStaff
          ? `${manufacturerName} sent you a way to sign in to your customer portal.`
          : `Here is your code to sign in to the ${manufacturerName} customer portal.`}
      </p>
      <p style={MAIL_CODE_STYLE}>{code}</p>
      <p>Or sign in with one click:</p>
      <p>
        <a href={link} style={buttonStyle}>
          Sign in to the portal
        </a>
      </p>
      <p>
        If the button does not work, open this address: <a href={link}>{link}</a>
      </p>
      <p>
        The code and the link work once, for {PORTAL_SIGN_IN_CODE_TTL_MINUTES} minutes. If you did not ask to sign in,
        you can ignore this mail: nobody can sign in without it.
      </p>
    </div>
  );
}

export const signInMailSubject = (manufacturerName: string, code: string) =>
  `${code} is your ${manufacturerName} sign-in code`;
