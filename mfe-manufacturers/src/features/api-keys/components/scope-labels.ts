import type { ApiKeyScope } from 'shared-kit/contract';
import type { CheckboxChoice } from 'shared-kit/forms';

/** The scopes in the contract's order, as the console names and explains them (docs/selling.md, "API keys"). */
export const SCOPE_CHOICES: CheckboxChoice<ApiKeyScope>[] = [
  {
    value: 'read',
    label: 'Read',
    help: 'Lists, exports and details of products, builds, licenses, users and History.',
  },
  { value: 'builds:upload', label: 'Upload builds', help: 'Declare, upload and confirm builds (a release pipeline).' },
  { value: 'orders:write', label: 'Write orders', help: 'Send orders that issue licenses (a shop).' },
];

export const scopeLabel = (scope: string) => SCOPE_CHOICES.find((choice) => choice.value === scope)?.label ?? scope;
