import styled from 'styled-components';
import { Checkbox, ErrorText, fieldErrorId } from 'shared-kit';
import { useBoundField } from 'shared-kit/forms';
import type { ApiKeyScope } from 'shared-kit/contract';
import { SCOPE_CHOICES } from './scope-labels';

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

const Choices = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  padding: 0;
  list-style: none;
`;

const Help = styled.span`
  display: block;
  margin-left: ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.muted};
`;

/** One checkbox per scope of the contract, each with what it allows; bound to a `Form` by name. */
export function ScopeChoices({ name }: { name: string }) {
  const { field, error, controlProps } = useBoundField(name);
  const chosen = new Set((field.value as ApiKeyScope[] | undefined) ?? []);
  const errorId = fieldErrorId(controlProps.id);
  const toggle = (scope: ApiKeyScope, checked: boolean) =>
    field.onChange(
      SCOPE_CHOICES.map((choice) => choice.scope).filter((candidate) =>
        candidate === scope ? checked : chosen.has(candidate),
      ),
    );
  return (
    <Group aria-describedby={error ? errorId : undefined}>
      <Legend>Scopes</Legend>
      <Choices>
        {SCOPE_CHOICES.map(({ scope, label, help }, index) => (
          <li key={scope}>
            <Checkbox
              id={index === 0 ? controlProps.id : undefined}
              label={label}
              checked={chosen.has(scope)}
              onCheckedChange={(checked) => toggle(scope, checked)}
            />
            <Help>{help}</Help>
          </li>
        ))}
      </Choices>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Group>
  );
}
