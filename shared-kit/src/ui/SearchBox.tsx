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
  max-width: 100%;
`;

// Wide enough for the whole placeholder (a text input is otherwise about 20 characters wide): 1ch, the width of a
// digit, is wider than an average letter, and the padding and border of the control come on top.
const SearchInput = styled(TextInput)<{ $characters: number }>`
  flex: 0 1 auto;
  width: calc(${({ $characters }) => $characters}ch + 24px);
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
      <SearchInput
        $characters={placeholder.length}
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
