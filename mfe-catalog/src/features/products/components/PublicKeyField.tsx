import { useId } from 'react';
import styled from 'styled-components';
import { CopyButton, Field, TextArea } from 'shared-kit';
import { productFieldHelp } from './product-field-help';

const Wide = styled.div`
  grid-column: 1 / -1;
`;

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
`;

// The whole key, wrapped where it must: a key cut off at the field's edge cannot be checked by eye.
const KeyInput = styled(TextArea)`
  font-family: ${({ theme }) => theme.font.monospace};
  word-break: break-all;
  resize: none;
  field-sizing: content;
`;

/** The read-only public key with its copy button ('Copied to clipboard!' for about a second). */
export function PublicKeyField({ publicKey }: { publicKey: string }) {
  const id = useId();
  return (
    <Wide>
      <Field label="Public Key" htmlFor={id} info={productFieldHelp.public_key}>
        <Row>
          <KeyInput id={id} value={publicKey} readOnly rows={2} />
          <CopyButton value={publicKey} label="Copy" />
        </Row>
      </Field>
    </Wide>
  );
}
