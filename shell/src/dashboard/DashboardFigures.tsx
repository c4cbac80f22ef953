import { useId, useState, type ReactNode } from 'react';
import { Button, ErrorText, Section, Spinner, type Dashboard } from 'shared-kit';
import styled from 'styled-components';
import { FigureTable } from './FigureTable';
import { PerDayChart } from './PerDayChart';
import { useDashboard, type DashboardDays } from './use-dashboard';

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const FigureCard = styled.li`
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  display: flex;
  flex-direction: column-reverse;
  gap: ${({ theme }) => theme.spacing.xs};
  strong {
    font-size: 24px;
  }
`;

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  figcaption {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

/** A figure named by its caption (the name screen readers and tests find it by). */
function NamedFigure({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  const captionId = useId();
  return (
    <Figure aria-labelledby={captionId}>
      <figcaption id={captionId}>{caption}</figcaption>
      {children}
    </Figure>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

const numberText = (value: number) => value.toLocaleString('en-US');
const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 1000) / 10}%`);

function totalCards(figures: Dashboard) {
  const cards = [
    { label: 'Licenses', value: figures.totals.licenses },
    { label: 'Activations', value: figures.totals.activations },
    { label: 'Trials started', value: figures.totals.trials },
  ];
  return figures.totals.manufacturers === null
    ? cards
    : [{ label: 'Manufacturers', value: figures.totals.manufacturers }, ...cards];
}

function PeriodSwitch({ days, onChange }: { days: DashboardDays; onChange: (days: DashboardDays) => void }) {
  return (
    <div role="group" aria-label="Period">
      {([30, 90] as const).map((option) => (
        <Button
          key={option}
          size="small"
          variant={option === days ? 'primary' : 'secondary'}
          aria-pressed={option === days}
          onClick={() => onChange(option)}
        >
          Last {option} days
        </Button>
      ))}
    </div>
  );
}

function Figures({ figures }: { figures: Dashboard }) {
  const days = figures.per_day;
  const periodActivations = days.reduce((sum, day) => sum + day.activations, 0);
  const periodTrials = days.reduce((sum, day) => sum + day.trials, 0);
  const caption = `Activations and trials started per day, last ${figures.days} days: ${numberText(periodActivations)} activations, ${numberText(periodTrials)} trials started`;
  return (
    <>
      <Cards aria-label="Totals">
        {totalCards(figures).map((card) => (
          <FigureCard key={card.label}>
            <span>{card.label}</span>
            <strong>{numberText(card.value)}</strong>
          </FigureCard>
        ))}
      </Cards>
      <NamedFigure caption="Licenses by type and state">
        <FigureTable
          rows={figures.licenses_by_type}
          rowKey={(row) => row.license_type}
          columns={[
            { title: 'Type', cell: (row) => row.license_type },
            { title: 'Enabled', numeric: true, cell: (row) => numberText(row.enabled) },
            { title: 'Disabled', numeric: true, cell: (row) => numberText(row.disabled) },
          ]}
        />
      </NamedFigure>
      <NamedFigure caption={caption}>
        <PerDayChart days={days} label={caption} />
        <details>
          <summary>Numbers per day</summary>
          <FigureTable
            rows={[...days].reverse()}
            rowKey={(row) => row.day}
            columns={[
              { title: 'Day', cell: (row) => row.day },
              { title: 'Activations', numeric: true, cell: (row) => numberText(row.activations) },
              { title: 'Trials started', numeric: true, cell: (row) => numberText(row.trials) },
            ]}
          />
        </details>
      </NamedFigure>
      {figures.scope === 'manufacturer' && (
        <>
          <NamedFigure caption={`Top products by activations, last ${figures.days} days`}>
            {figures.top_products.length === 0 ? (
              <p>No activations in this period.</p>
            ) : (
              <FigureTable
                rows={figures.top_products}
                rowKey={(row) => row.product_id}
                columns={[
                  { title: 'Product', cell: (row) => row.name },
                  { title: 'Activations', numeric: true, cell: (row) => numberText(row.activations) },
                ]}
              />
            )}
          </NamedFigure>
          <NamedFigure caption="Trial to license conversion per product">
            {figures.conversion.length === 0 ? (
              <p>No trials yet.</p>
            ) : (
              <FigureTable
                rows={figures.conversion}
                rowKey={(row) => row.product_id}
                columns={[
                  { title: 'Product', cell: (row) => row.name },
                  { title: 'Trials', numeric: true, cell: (row) => numberText(row.trials) },
                  { title: 'Converted', numeric: true, cell: (row) => numberText(row.converted) },
                  { title: 'Rate', numeric: true, cell: (row) => percent(row.converted, row.trials) },
                ]}
              />
            )}
          </NamedFigure>
        </>
      )}
    </>
  );
}

/** The business at a glance: totals, licences by type, activity per day, top products, conversion. */
export function DashboardFigures() {
  const [days, setDays] = useState<DashboardDays>(30);
  const { data, error, isLoading, retry } = useDashboard(days);
  return (
    <Section title="Figures" actions={<PeriodSwitch days={days} onChange={setDays} />}>
      {isLoading && !data ? (
        <Spinner label="Loading figures…" />
      ) : error || !data ? (
        <div>
          <ErrorText>The figures could not be loaded.</ErrorText>
          <Button size="small" onClick={retry}>
            Retry
          </Button>
        </div>
      ) : (
        <Stack>
          {data.totals.licenses === 0 && data.totals.trials === 0 && data.totals.activations === 0 && (
            <p>No licenses, trials or activations yet.</p>
          )}
          <Figures figures={data} />
        </Stack>
      )}
    </Section>
  );
}
