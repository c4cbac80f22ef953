import { makeProduct } from '../../../shared/test-support/fixtures';
import {
  NEW_PRODUCT_FORM,
  formOfProduct,
  toCreateBody,
  toPatchBody,
  validateProductForm,
  withType,
  type ProductFormValues,
} from './product-form';

const filled = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...NEW_PRODUCT_FORM,
  name: 'Reverb',
  plugin_name: 'ReverbPlugin',
  ...overrides,
});

describe('product form rules', () => {
  it('starts with the defaults: type Full, trial days 0, sort orders 1', () => {
    expect(NEW_PRODUCT_FORM).toMatchObject({
      type: 'Full',
      trial_days: '0',
      app_sort_order: '1',
      app_sort_order_featured: '1',
      app_featured: false,
    });
  });

  it('clears the dependency for any type but ContentOnly and the content folder for any type but PluginOnly', () => {
    const values = filled({ dependency_id: '4', content_base_directory: 'Engine/Content' });
    expect(withType(values, 'Full')).toMatchObject({ type: 'Full', dependency_id: '', content_base_directory: '' });
    expect(withType(values, 'ContentOnly')).toMatchObject({ dependency_id: '4', content_base_directory: '' });
    expect(withType(values, 'PluginOnly')).toMatchObject({
      dependency_id: '',
      content_base_directory: 'Engine/Content',
    });
  });

  it('requires Name, Plugin Name, and a Dependency for ContentOnly', async () => {
    expect(await validateProductForm(filled())).toEqual({});
    expect(await validateProductForm(filled({ name: '  ', plugin_name: '' }))).toEqual({
      name: 'Name is required.',
      plugin_name: 'Plugin Name is required.',
    });
    expect(await validateProductForm(filled({ type: 'ContentOnly' }))).toEqual({
      dependency_id: 'Dependency is required for a ContentOnly product.',
    });
    expect(await validateProductForm(filled({ type: 'ContentOnly', dependency_id: '4' }))).toEqual({});
  });

  it('accepts as numbers whatever converts to a whole number, and names the field otherwise', async () => {
    expect(
      await validateProductForm(filled({ trial_days: ' 30 ', app_sort_order: '-2', app_sort_order_featured: '' })),
    ).toEqual({});
    expect(
      await validateProductForm(filled({ trial_days: 'ten', app_sort_order: '1.5', app_sort_order_featured: '1e9' })),
    ).toEqual({
      trial_days: 'Trial Days must be a whole number from 0 to 3650.',
      app_sort_order: 'App Sort Order must be a whole number.',
      app_sort_order_featured: 'App Sort Order Featured must be a whole number.',
    });
    expect((await validateProductForm(filled({ trial_days: '-1' }))).trial_days).toBeDefined();
  });

  it('omits empty text from the create body and converts the numbers', () => {
    expect(
      toCreateBody(
        filled({
          identifier: ' com.example.reverb ',
          series: '',
          trial_days: '14',
          app_sort_order: '',
          tagline: '   ',
        }),
      ),
    ).toEqual({
      type: 'Full',
      name: 'Reverb',
      plugin_name: 'ReverbPlugin',
      identifier: 'com.example.reverb',
      trial_days: 14,
      app_featured: false,
      app_sort_order: 0,
      app_sort_order_featured: 1,
      machine_limit: 3,
    });
  });

  it('sends the dependency only for ContentOnly and the content folder only for PluginOnly', () => {
    expect(
      toCreateBody(filled({ type: 'ContentOnly', dependency_id: '4', content_base_directory: 'x' })),
    ).toMatchObject({ dependency_id: 4 });
    expect(
      toCreateBody(filled({ type: 'ContentOnly', dependency_id: '4', content_base_directory: 'x' })),
    ).not.toHaveProperty('content_base_directory');
    expect(
      toCreateBody(filled({ type: 'PluginOnly', dependency_id: '4', content_base_directory: 'Engine' })),
    ).toMatchObject({ content_base_directory: 'Engine' });
    expect(toCreateBody(filled({ type: 'PluginOnly', dependency_id: '4' }))).not.toHaveProperty('dependency_id');
  });

  it('sends every field on update, blanking what the type does not allow', () => {
    const product = makeProduct({
      id: 5,
      type: 'PluginOnly',
      content_base_directory: 'Engine/Content',
      tagline: 'Old',
      upgrade_id: 'up-1',
    });
    const values = { ...formOfProduct(product), type: 'Full' as const, tagline: '', deprecated: true, trial_days: '7' };
    const body = toPatchBody(values, product);
    expect(body).toMatchObject({
      id: 5,
      public_key: product.public_key,
      type: 'Full',
      content_base_directory: '',
      dependency_id: null,
      tagline: '',
      upgrade_id: 'up-1',
      deprecated: true,
      trial_days: 7,
      series: 'Studio',
      page: 'https://aurora.example/reverb',
      app_image: '',
    });
  });

  it('takes a Machine Limit from 1 to 1000 and sends it as a number', async () => {
    expect(NEW_PRODUCT_FORM.machine_limit).toBe('3');
    expect(await validateProductForm(filled({ machine_limit: ' 1000 ' }))).toEqual({});
    for (const machine_limit of ['0', '1001', '1.5', '', 'many']) {
      expect(await validateProductForm(filled({ machine_limit }))).toEqual({
        machine_limit: 'Machine Limit must be a whole number from 1 to 1000.',
      });
    }
    expect(toCreateBody(filled({ machine_limit: '5' }))).toMatchObject({ machine_limit: 5 });
    expect(toPatchBody(filled({ machine_limit: '12' }), makeProduct({ machine_limit: 3 }))).toMatchObject({
      machine_limit: 12,
    });
    expect(formOfProduct(makeProduct({ machine_limit: 40 })).machine_limit).toBe('40');
  });

  it('reads a product back into the form', () => {
    expect(formOfProduct(makeProduct({ dependency_id: 4, identifier: null, trial_days: 0 }))).toMatchObject({
      dependency_id: '4',
      identifier: '',
      trial_days: '0',
    });
  });
});
