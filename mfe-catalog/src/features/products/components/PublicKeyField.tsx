import { useId } from 'react';
import styled from 'styled-components';
import { CopyButton, Field, TextInput } from 'shared-kit';
import { productFieldHelp } from './product-field-help';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const KeyInput = styled(TextInput)`
  font-family: ${({ theme }) => theme.font.monospace};
`;

/** The read-only public key with its copy button ('Copied to clipboard!' for about a second). */
export function PublicKeyField({ publicKey }: { publicKey: string }) {
  const id = useId();
  return (
    <Field label="Public Key" htmlFor={id} info={productFieldHelp.public_key}>
      <Row>
        <KeyInput id={id} value={publicKey} readOnly />
        <CopyButton value={publicKey} label="Copy" />
      </Row>
    </Field>
  );
}
