import type { PortalSettings } from 'shared-kit';

/** What each part of the portal section is given: the settings it edits, and where to say what a save did. */
export interface PortalSettingsPartProps {
  manufacturerId: number;
  settings: PortalSettings;
  onSaved: (notice: string) => void;
}
