import type * as contract from '@domain-broker/shared/widget-contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { WidgetMode, WidgetTheme, WidgetVariant } from '../src/index.ts';

describe('the published option types', () => {
  it('are the widget contract’s', () => {
    expectTypeOf<WidgetMode>().toEqualTypeOf<contract.WidgetView>();
    expectTypeOf<WidgetTheme>().toEqualTypeOf<contract.WidgetTheme>();
    expectTypeOf<WidgetVariant>().toEqualTypeOf<contract.WidgetVariant>();
  });
});
