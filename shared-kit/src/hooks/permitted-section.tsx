import type { ComponentType } from 'react';
import styled from 'styled-components';
import type { StaffAction } from '../contract/staff-permissions';
import { Section } from '../ui/Card';
import { useCan } from './use-can';

const Reason = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/**
 * A section of a page that a role without `action` cannot use at all (its data is refused too): for them, the
 * section's title with the reason in its place, and nothing fetched.
 */
export function permittedSection<Props extends object>(
  action: StaffAction,
  title: string,
  Component: ComponentType<Props>,
): ComponentType<Props> {
  function PermittedSection(props: Props) {
    const permission = useCan(action);
    if (!permission.allowed)
      return (
        <Section title={title}>
          <Reason>{permission.reason}</Reason>
        </Section>
      );
    return <Component {...props} />;
  }
  PermittedSection.displayName = `Permitted(${Component.displayName ?? Component.name})`;
  return PermittedSection;
}
