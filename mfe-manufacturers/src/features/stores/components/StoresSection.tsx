import styled from 'styled-components';
import { Section, Tabs } from 'shared-kit';
import { StorePanel } from './StorePanel';
import { STORE_LABELS, STORE_NAMES } from './store-words';

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** On the manufacturer's page: Stripe and Paddle sending their sales straight to ProductHub (docs/selling.md). */
export function StoresSection({ manufacturerId }: { manufacturerId: number }) {
  return (
    <Section title="Stores">
      <Note>
        Stripe and Paddle send each sale and refund here: a mapped price makes its license, a refund disables it.
      </Note>
      <Tabs
        label="Stores"
        tabs={STORE_NAMES.map((store) => ({
          id: store,
          label: STORE_LABELS[store],
          content: <StorePanel manufacturerId={manufacturerId} store={store} />,
        }))}
      />
    </Section>
  );
}
