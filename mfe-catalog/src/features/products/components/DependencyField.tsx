import styled from 'styled-components';
import { SelectField, useWatch } from 'shared-kit/forms';
import { usePluginOnlyProducts } from '../api/get-products';
import { productFieldHelp } from './product-field-help';

export interface DependencyFieldProps {
  /** Enabled and required only for ContentOnly products (docs/console.md, Product form). */
  enabled: boolean;
  /** The product being edited, which cannot be its own dependency. */
  excludeProductId?: number;
}

/** The Dependency choice: the first 100 PluginOnly products of the manufacturer. */
export function DependencyField({ enabled, excludeProductId }: DependencyFieldProps) {
  const { rows, isLoading } = usePluginOnlyProducts();
  const value: string = useWatch({ name: 'dependency_id' });
  const choices = rows.filter((product) => product.id !== excludeProductId);
  // A dependency outside the first 100 PluginOnly products still shows as chosen rather than as none.
  const unlisted = value !== '' && !isLoading && !choices.some((product) => String(product.id) === value);
  return (
    <Wide>
      <SelectField
        name="dependency_id"
        label="Dependency"
        info={productFieldHelp.dependency_id}
        required={enabled}
        disabled={!enabled}
      >
        <option value="">{isLoading ? 'Loading products...' : enabled ? 'Choose a PluginOnly product' : 'None'}</option>
        {unlisted && <option value={value}>{`Product ${value}`}</option>}
        {choices.map((product) => (
          <option key={product.id} value={product.id}>
            {product.identifier ? `${product.name} (${product.identifier})` : product.name}
          </option>
        ))}
      </SelectField>
    </Wide>
  );
}

// A whole row of the form, so that a long name with its identifier is not cut off in the closed drop-down.
const Wide = styled.div`
  grid-column: 1 / -1;
`;
