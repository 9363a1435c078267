/**
 * npm entry: `import { mount } from '@domain-broker/widget-sdk'`.
 * Same behaviour as the script tag's `DomainBroker('mount', …)`, but the portal origin is an option
 * because there is no script `src` to derive it from.
 */
import { type MountOptions, mountWidget, type WidgetInstance } from './mount.ts';

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
