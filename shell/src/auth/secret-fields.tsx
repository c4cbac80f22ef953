import { Field, TextInput } from 'shared-kit';

interface SecretFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the input invalid (its problem is shown beside the form). */
  invalid?: boolean;
}

type SecretKind = 'app-code' | 'password' | 'new-password';

function SecretField({ kind, id, label, value, onChange, invalid }: SecretFieldProps & { kind: SecretKind }) {
  return (
    <Field label={label} htmlFor={id}>
      <TextInput
        id={id}
        {...(kind === 'app-code'
          ? { inputMode: 'numeric', autoComplete: 'one-time-code' }
          : { type: 'password', autoComplete: kind === 'password' ? 'current-password' : 'new-password' })}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
      />
    </Field>
  );
}

/** A code from the authenticator app: digits on a phone's keypad, offered from the browser's one-time codes. */
export const AppCodeField = (props: SecretFieldProps) => <SecretField kind="app-code" {...props} />;

/** The signed-in person's own password, as password managers expect it. */
export const PasswordField = (props: SecretFieldProps) => <SecretField kind="password" {...props} />;

/** A password the person chooses now, so password managers offer to make and save one. */
export const NewPasswordField = (props: SecretFieldProps) => <SecretField kind="new-password" {...props} />;
