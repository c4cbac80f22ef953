import styled from 'styled-components';
import { Checkbox, ErrorText, fieldErrorId } from 'shared-kit';
import { useBoundField } from './use-bound-field';

export interface CheckboxChoice<T extends string> {
  value: T;
  label: string;
  /** What choosing it allows, under its label. */
  help?: string;
}

export interface CheckboxGroupFieldProps<T extends string> {
  /** The form value (an array of chosen values, kept in the choices' order) it edits. */
  name: string;
  legend: string;
  choices: readonly CheckboxChoice<T>[];
  /** A first checkbox that chooses every value at once. */
  allLabel?: string;
  /** `grid` for many short labels; `column` (the default) for few with help texts. */
  layout?: 'column' | 'grid';
}

const Group = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
`;

const Legend = styled.legend`
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Choices = styled.ul<{ $layout: 'column' | 'grid' }>`
  display: ${({ $layout }) => ($layout === 'grid' ? 'grid' : 'flex')};
  flex-direction: column;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme, $layout }) => ($layout === 'grid' ? `${theme.spacing.xs} ${theme.spacing.md}` : theme.spacing.sm)};
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  padding: 0;
  list-style: none;
`;

const Help = styled.span`
  display: block;
  margin-left: ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.muted};
`;

/** A fieldset of checkboxes of a `Form`, one per choice, with the field's error under them. */
export function CheckboxGroupField<T extends string>({
  name,
  legend,
  choices,
  allLabel,
  layout = 'column',
}: CheckboxGroupFieldProps<T>) {
  const { field, error, controlProps } = useBoundField(name);
  const chosen = new Set((field.value as T[] | undefined) ?? []);
  const errorId = fieldErrorId(controlProps.id);
  const values = choices.map((choice) => choice.value);
  const toggle = (value: T, checked: boolean) =>
    field.onChange(values.filter((candidate) => (candidate === value ? checked : chosen.has(candidate))));
  return (
    <Group aria-describedby={error ? errorId : undefined}>
      <Legend>{legend}</Legend>
      <Choices $layout={layout}>
        {allLabel !== undefined && (
          <li>
            <Checkbox
              id={controlProps.id}
              label={allLabel}
              checked={values.every((value) => chosen.has(value))}
              onCheckedChange={(checked) => field.onChange(checked ? values : [])}
            />
          </li>
        )}
        {choices.map(({ value, label, help }, index) => (
          <li key={value}>
            <Checkbox
              id={index === 0 && allLabel === undefined ? controlProps.id : undefined}
              label={label}
              checked={chosen.has(value)}
              onCheckedChange={(checked) => toggle(value, checked)}
            />
            {help !== undefined && <Help>{help}</Help>}
          </li>
        ))}
      </Choices>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Group>
  );
}
