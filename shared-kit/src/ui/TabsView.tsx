import * as RadixTabs from '@radix-ui/react-tabs';
import styled from 'styled-components';
import { focusRing } from './focus-ring';
import type { TabsProps } from './Tabs';

const TabList = styled(RadixTabs.List)`
  display: flex;
  gap: ${({ theme }) => theme.spacing.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled(RadixTabs.Trigger)`
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: none;
  border-bottom: 2px solid transparent;
  margin-bottom: -1px;
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  font-size: ${({ theme }) => theme.font.size.normal};
  cursor: pointer;
  &[data-state='active'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
  ${focusRing}
`;

const Panel = styled(RadixTabs.Content)`
  padding-top: ${({ theme }) => theme.spacing.md};
`;

/** WAI-ARIA tabs (Radix): one tab stop, arrow keys (and Home/End) move between tabs and show their panel. */
export function TabsView({ tabs, label }: TabsProps) {
  return (
    <RadixTabs.Root defaultValue={tabs[0]?.id} activationMode="automatic">
      <TabList aria-label={label} loop>
        {tabs.map((tab) => (
          <Tab key={tab.id} value={tab.id}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <Panel key={tab.id} value={tab.id}>
          {tab.content}
        </Panel>
      ))}
    </RadixTabs.Root>
  );
}
