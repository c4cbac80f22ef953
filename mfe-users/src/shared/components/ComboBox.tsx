import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { TextInput } from 'shared-kit';

export interface ComboBoxOption {
  id: number;
  label: string;
}

export interface ComboBoxProps {
  id: string;
  options: ComboBoxOption[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  emptyText?: string;
}

const Root = styled.div`
  position: relative;
`;

const ListBox = styled.ul`
  position: absolute;
  z-index: 10;
  top: calc(100% + 2px);
  left: 0;
  right: 0;
  max-height: 280px;
  overflow-y: auto;
  margin: 0;
  padding: ${({ theme }) => theme.spacing.xs} 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const Option = styled.li<{ $active: boolean }>`
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.selected : 'transparent')};
  &[aria-selected='true'] {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const NoMatch = styled.li`
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  color: ${({ theme }) => theme.colors.muted};
`;

const matches = (option: ComboBoxOption, text: string) => option.label.toLowerCase().includes(text.trim().toLowerCase());

/**
 * An editable combo box (WAI-ARIA list autocomplete): typing filters the options, arrow keys move, Enter or a
 * click chooses, Escape closes. Text that names no option leaves nothing chosen.
 */
export function ComboBox({ id, options, selectedId, onSelect, placeholder, disabled, invalid, describedBy, emptyText = 'No matches.' }: ComboBoxProps) {
  const listId = useId();
  const selected = options.find((option) => option.id === selectedId);
  const [text, setText] = useState(selected?.label ?? '');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const filtered = useMemo(() => {
    // Once chosen, the full list shows again so another product is easy to pick.
    if (selected && text === selected.label) return options;
    return options.filter((option) => matches(option, text));
  }, [options, selected, text]);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (option: ComboBoxOption) => {
    setText(option.label);
    onSelect(option.id);
    setOpen(false);
    setActiveIndex(-1);
  };

  const type = (value: string) => {
    setText(value);
    setOpen(true);
    setActiveIndex(-1);
    const exact = options.find((option) => option.label.toLowerCase() === value.trim().toLowerCase());
    onSelect(exact?.id ?? null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (filtered.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + filtered.length) % filtered.length);
    } else if (event.key === 'Enter' && open && activeIndex >= 0 && filtered[activeIndex]) {
      event.preventDefault();
      choose(filtered[activeIndex]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActiveIndex(-1);
    }
  };

  return (
    <Root>
      <TextInput
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <ListBox id={listId} role="listbox" hidden={!open}>
        {open &&
          (filtered.length === 0 ? (
            <NoMatch role="presentation">{emptyText}</NoMatch>
          ) : (
            filtered.map((option, index) => (
              <Option
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={option.id === selectedId}
                $active={index === activeIndex}
                // mousedown would blur the input (closing the list) before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                {option.label}
              </Option>
            ))
          ))}
      </ListBox>
    </Root>
  );
}
