import type { ReactNode } from 'react';
import { lazyPart } from './lazy-part';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  tabs: TabItem[];
  label: string;
}

const useTabsView = lazyPart(() =>
  import(/* webpackChunkName: "tabs" */ './TabsView').then((module) => module.TabsView),
);

/** Tabs; their code (Radix Tabs) is fetched when the first Tabs mounts, so the console's start-up does not carry it. */
export function Tabs(props: TabsProps) {
  const TabsView = useTabsView();
  return TabsView ? <TabsView {...props} /> : null;
}
