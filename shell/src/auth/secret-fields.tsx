import { Field, TextInput } from 'shared-kit';

interface SecretFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the input invalid (its problem is shown beside the form). */
  invalid?: boolean;
}

/** A code from the authenticator app: digits on a phone's keypad, offered from the browser's one-time codes. */
export function AppCodeField({ id, label, value, onChange, invalid }: SecretFieldProps) {
  return (
    <Field label={label} htmlFor={id}>
      <TextInput
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
      />
    </Field>
  );
}

/** The signed-in person's own password, as password managers expect it. */
export function PasswordField({ id, label, value, onChange, invalid }: SecretFieldProps) {
  return (
    <Field label={label} htmlFor={id}>
      <TextInput
        id={id}
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
      />
    </Field>
  );
}
