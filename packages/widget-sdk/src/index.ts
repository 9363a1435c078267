/**
 * npm entry: `import { mount } from '@domain-broker/widget-sdk'`.
 * Same behaviour as the script tag's `DomainBroker('mount', …)`, but the portal origin is an option
 * because there is no script `src` to derive it from.
 */
import * as contract from '@domain-broker/shared/widget-contract';
import { type MountOptions, mountWidget, type WidgetInstance } from './mount.ts';

// The widget contract's rules, for pages that check what they pass to the widget. Declared with their
// types here so the published declarations never point at the private shared package.
/** 1 to 64 letters, digits, '.', '_' or '-' (docs/registrar-integration.md, "Registrar ids"). */
export const isRegistrarId: (value: unknown) => value is string = contract.isRegistrarId;
export const REGISTRAR_ID_MAX_LENGTH: number = contract.REGISTRAR_ID_MAX_LENGTH;
/** The serialised origin of an absolute http(s) URL, or null. */
export const toOrigin: (url: unknown) => string | null = contract.toOrigin;
export type {
  MountOptions,
  UpdateOptions,
  WidgetEvent,
  WidgetInstance,
  WidgetMode,
  WidgetTheme,
  WidgetVariant,
} from './mount.ts';
export { getInstance } from './mount.ts';

export interface EsmMountOptions extends MountOptions {
  /** Where the widget is served from, e.g. 'https://portal.example.com' (the origin of /widget.js). */
  portalOrigin: string;
}

/** Mounts the widget into `options.el`. Returns a no-op instance when there is no DOM (SSR). */
export function mount(options: EsmMountOptions): WidgetInstance {
  return mountWidget(options.portalOrigin, options);
}
