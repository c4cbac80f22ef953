import { PRODUCT_TYPES, useCan, type Product, type ProductType } from 'shared-kit';
import { CheckboxField, Form, SaveCancel, SelectField, TextField, useContractForm } from 'shared-kit/forms';
import { FormGrid } from '../../../shared/components/layout';
import { DependencyField } from './DependencyField';
import { productFieldHelp as help } from './product-field-help';
import { productContract, withType, type ProductFormValues } from './product-form';
import { PublicKeyField } from './PublicKeyField';

export interface ProductFormProps {
  initialValues: ProductFormValues;
  /** The product being edited; absent when creating. */
  product?: Product;
  /** Saves the values; rejects when saving failed (the form stays as typed). */
  onSave: (values: ProductFormValues) => Promise<void>;
  /** While the save is under way (the mutation's state). */
  saving: boolean;
  cancelTo: string;
}

const SHORT_TEXT = 200;
const LONG_TEXT = 1000;

export function ProductForm({ initialValues, product, onSave, saving, cancelTo }: ProductFormProps) {
  const form = useContractForm({
    ...productContract(product),
    defaultValues: initialValues,
    onSubmit: (_body, values) => onSave(values),
    pending: saving,
  });
  const { watch, getValues, setValue } = form.methods;
  const type = watch('type');
  const changeType = (next: string) => {
    const typed = withType(getValues(), next as ProductType);
    setValue('dependency_id', typed.dependency_id);
    setValue('content_base_directory', typed.content_base_directory);
  };
  const text = (name: keyof ProductFormValues & keyof typeof help, label: string, maxLength = SHORT_TEXT) => ({
    name,
    label,
    info: help[name],
    maxLength,
  });

  const catalogWrite = useCan('catalog.write');
  return (
    <Form form={form} aria-label={product ? 'Update Product' : 'Create Product'}>
      <FormGrid>
        <SelectField name="type" label="Type" onValueChange={changeType} info={help.type} required>
          {PRODUCT_TYPES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <TextField {...text('name', 'Name')} required />
        <TextField {...text('plugin_name', 'Plugin Name')} required />
        <DependencyField enabled={type === 'ContentOnly'} excludeProductId={product?.id} />
        <TextField {...text('identifier', 'Identifier')} />
        <TextField {...text('trial_days', 'Trial Days')} inputMode="numeric" />
        <TextField {...text('series', 'Series')} />
        <TextField
          {...text('content_base_directory', 'Content Base Directory', LONG_TEXT)}
          disabled={type !== 'PluginOnly'}
        />
        <TextField {...text('tagline', 'Tagline', LONG_TEXT)} />
        <TextField {...text('page', 'Product Page', LONG_TEXT)} type="url" />
        <TextField {...text('app_image', 'App Image', LONG_TEXT)} />
        <TextField {...text('plugin_browser_logo', 'Plugin Browser Logo', LONG_TEXT)} />
        <TextField {...text('plugin_browser_moodshot', 'Plugin Browser Moodshot', LONG_TEXT)} />
        <TextField {...text('app_sort_order', 'App Sort Order')} inputMode="numeric" />
        <TextField {...text('app_sort_order_featured', 'App Sort Order Featured')} inputMode="numeric" />
        <CheckboxField name="app_featured" label="App Featured" info={help.app_featured} />
        {product && (
          <>
            <PublicKeyField publicKey={product.public_key} />
            <TextField {...text('upgrade_id', 'Upgrade ID')} />
            <CheckboxField name="deprecated" label="Deprecated" info={help.deprecated} />
          </>
        )}
        <TextField {...text('machine_limit', 'Machine Limit')} inputMode="numeric" />
      </FormGrid>
      <SaveCancel saving={form.pending} cancelTo={cancelTo} lock={catalogWrite.lock} />
    </Form>
  );
}
