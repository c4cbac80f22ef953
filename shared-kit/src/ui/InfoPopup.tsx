import type { ReactNode } from 'react';
import { IconButton } from './Button';
import { Icon } from './Icon';
import { lazyPart } from './lazy-part';

export interface InfoPopupProps {
  /** The name of the field the help is about. */
  label: string;
  children: ReactNode;
}

const useInfoPopupButton = lazyPart(() =>
  import(/* webpackChunkName: "info-popup" */ './InfoPopupButton').then((module) => module.InfoPopupButton),
);

/** A help button (an info icon) opening a popup; until the popup code has arrived, the same button without the popup. */
export function InfoPopup(props: InfoPopupProps) {
  const InfoPopupButton = useInfoPopupButton();
  return InfoPopupButton ? (
    <InfoPopupButton {...props} />
  ) : (
    <IconButton aria-label={`Help: ${props.label}`}>
      <Icon name="info" />
    </IconButton>
  );
}
