import type { ReactElement } from 'react';

const buttonStyle = {
  display: 'inline-block',
  padding: '12px 20px',
  borderRadius: '6px',
  background: '#1f4f99',
  color: '#ffffff',
  textDecoration: 'none',
} as const;

/** A button into the customer portal, with its address written out for mail programs that hide buttons. */
export function PortalButton({ link, label, color }: { link: string; label: string; color: string }): ReactElement {
  return (
    <>
      <p>
        <a href={link} style={{ ...buttonStyle, background: color }}>
          {label}
        </a>
      </p>
      <p>
        If the button does not work, open this address: <a href={link}>{link}</a>
      </p>
    </>
  );
}
