import { PORTAL_EMAIL_CHANGE_TTL_MINUTES } from '../email-change-words';
import { MAIL_CODE_STYLE } from './code-style';

/** To the NEW address: the code that confirms it. */
export function EmailChangeCodeMail({ manufacturerName, code }: { manufacturerName: string; code: string }) {
  return (
    <div>
      <p>
        You asked to use this address for your {manufacturerName} customer portal. Enter this code in the portal to
        confirm it:
      </p>
      <p style={MAIL_CODE_STYLE}>{code}</p>
      <p>
        The code works once, for {PORTAL_EMAIL_CHANGE_TTL_MINUTES} minutes. If you did not ask for this, ignore this
        mail: nothing changes without the code.
      </p>
    </div>
  );
}

/** To the OLD address, once the change is done. */
export function EmailChangedMail({ manufacturerName, newEmail }: { manufacturerName: string; newEmail: string }) {
  return (
    <div>
      <p>
        The email address of your {manufacturerName} customer account was changed to {newEmail}. From now on, sign-in
        codes and mails about your licences go there.
      </p>
      <p>If you did not do this, please contact {manufacturerName} support at once.</p>
    </div>
  );
}

export const emailChangeCodeSubject = (manufacturerName: string, code: string) =>
  `${code} confirms your new ${manufacturerName} email address`;
export const emailChangedSubject = (manufacturerName: string) => `Your ${manufacturerName} email address was changed`;
