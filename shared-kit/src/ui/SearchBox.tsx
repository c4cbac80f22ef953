import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { TextInput } from './FormControls';

export interface SearchBoxProps {
  placeholder: string;
  /** The committed search; the typed text is kept locally until submitted. */
  value: string;
  onSearch: (text: string) => void;
}

const Form = styled.form`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  max-width: 520px;
`;

export function SearchBox({ placeholder, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [syncedValue, setSyncedValue] = useState(value);
  // A new committed search from outside (restored list state, another control) replaces the typed text.
  if (value !== syncedValue) {
    setSyncedValue(value);
    setText(value);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  const clear = () => {
    setText('');
    onSearch('');
  };

  return (
    <Form role="search" onSubmit={submit}>
      <TextInput
        type="search"
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="primary">
        Search
      </Button>
      <Button onClick={clear}>Clear</Button>
    </Form>
  );
}
