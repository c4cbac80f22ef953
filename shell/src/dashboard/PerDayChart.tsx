import { useEffect, useRef, useState } from 'react';
import type { DashboardDay } from 'shared-kit';
import { theme } from 'shared-kit';

/** Chart.js, with only what a bar chart needs, fetched when the first chart mounts (never in the shell's start-up). */
const loadChart = () =>
  import(/* webpackChunkName: "dashboard-charts" */ 'chart.js').then(
    ({ Chart, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip }) => {
      Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
      return Chart;
    },
  );

export interface PerDayChartProps {
  days: DashboardDay[];
  /** What the picture shows, for those who cannot see it (the table beside it has every number). */
  label: string;
}

/** Activations and trials started per day as bars; the numbers are in the figure's table. */
export function PerDayChart({ days, label }: PerDayChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let mounted = true;
    loadChart().then(
      (Chart) => {
        if (!mounted || !canvas.current) return;
        try {
          chart = new Chart(canvas.current, {
            type: 'bar',
            data: {
              labels: days.map((day) => day.day.slice(5)),
              datasets: [
                {
                  label: 'Activations',
                  data: days.map((day) => day.activations),
                  backgroundColor: theme.colors.primary,
                },
                { label: 'Trials started', data: days.map((day) => day.trials), backgroundColor: theme.colors.success },
              ],
            },
            options: {
              animation: false,
              maintainAspectRatio: false,
              scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
            },
          });
        } catch {
          // No canvas here: the figure's table still has every number.
          setFailed(true);
        }
      },
      () => mounted && setFailed(true),
    );
    return () => {
      mounted = false;
      chart?.destroy();
    };
  }, [days]);

  if (failed) return null;
  return (
    <div style={{ position: 'relative', height: 220 }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
