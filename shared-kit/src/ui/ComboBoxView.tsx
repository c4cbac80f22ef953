import { useState } from 'react';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import styled from 'styled-components';
import { TextInput } from './FormControls';
import type { ComboBoxOption, ComboBoxProps } from './ComboBox';

const Root = styled.div`
  position: relative;
`;

const ListBox = styled.ul`
  position: absolute;
  z-index: 10;
  top: calc(100% + 2px);
  left: 0;
  min-width: 100%;
  max-width: min(90vw, 720px);
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

// Long names wrap instead of being cut: an option shows its whole name and identifier.
const Option = styled.li<{ $active: boolean }>`
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  cursor: pointer;
  overflow-wrap: anywhere;
  background: ${({ theme, $active }) => ($active ? theme.colors.selected : 'transparent')};
  &[aria-selected='true'] {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const NoMatch = styled.li`
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  color: ${({ theme }) => theme.colors.muted};
`;

const matches = (option: ComboBoxOption, text: string) =>
  option.label.toLowerCase().includes(text.trim().toLowerCase());
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();
const labelOf = (option: ComboBoxOption | null) => option?.label ?? '';

/** Leaving the field keeps what was typed; only Enter or a click chooses the active option. */
function keepTextOnBlur(
  state: UseComboboxState<ComboBoxOption>,
  { type, changes }: UseComboboxStateChangeOptions<ComboBoxOption>,
) {
  if (type !== useCombobox.stateChangeTypes.InputBlur) return changes;
  return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
}

/**
 * An editable combo box (WAI-ARIA list autocomplete, Downshift's useCombobox): typing filters the options, arrow
 * keys move, Enter or a click chooses, Escape closes. Text that names no option leaves nothing chosen.
 */
export function ComboBoxView({
  id,
  options,
  selectedId,
  onSelect,
  placeholder,
  disabled,
  invalid,
  describedBy,
  emptyText = 'No matches.',
}: ComboBoxProps) {
  const selected = options.find((option) => option.id === selectedId) ?? null;
  const [text, setText] = useState(labelOf(selected));
  // Once chosen, the full list shows again so another option is easy to pick.
  const items = selected && text === selected.label ? options : options.filter((option) => matches(option, text));

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps } = useCombobox<ComboBoxOption>({
    inputId: id,
    items,
    itemToString: labelOf,
    itemToKey: (option) => option?.id ?? null,
    selectedItem: selected,
    inputValue: text,
    stateReducer: keepTextOnBlur,
    onSelectedItemChange: ({ selectedItem }) => onSelect(selectedItem?.id ?? null),
    onInputValueChange: ({ type, inputValue = '', selectedItem }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) {
        setText(inputValue);
        const exact = options.find((option) => sameText(inputValue, option.label));
        onSelect(exact?.id ?? null);
      } else if (type === useCombobox.stateChangeTypes.ControlledPropUpdatedSelectedItem) {
        // The choice changed from outside (or by typing its name): the text follows unless it already names it.
        if (selectedItem && !sameText(text, selectedItem.label)) setText(inputValue);
      } else {
        setText(inputValue);
      }
    },
  });

  return (
    <Root>
      <TextInput
        {...getInputProps({
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
          placeholder,
          disabled,
        })}
      />
      <ListBox {...getMenuProps()} hidden={!isOpen}>
        {isOpen &&
          (items.length === 0 ? (
            <NoMatch role="presentation">{emptyText}</NoMatch>
          ) : (
            items.map((option, index) => (
              <Option key={option.id} $active={index === highlightedIndex} {...getItemProps({ item: option, index })}>
                {option.label}
              </Option>
            ))
          ))}
      </ListBox>
    </Root>
  );
}
