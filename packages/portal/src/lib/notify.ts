import { create } from 'zustand';

/**
 * Toasts (react-hot-toast, top-center, 15 s) without putting the toast library in the first load: it is
 * downloaded the first time something is shown, and the shell mounts its <Toaster> from then on.
 *
 * Rules, so that no toast outlives what it reports: a success dismisses the error toasts it resolves (every error still shown: the
 * success answers the action the visitor retried); a navigation dismisses the previous page's errors
 * (`dismissErrors`, called by the shell); the toaster shows at most `MAX_TOASTS` at once, the newest.
 */
export const useToasterWanted = create<{ wanted: boolean }>(() => ({ wanted: false }));

export const MAX_TOASTS = 2;

type ToastModule = typeof import('react-hot-toast');
let toastModule: Promise<ToastModule> | null = null;
const shownErrors = new Set<string>();

export function loadToast(): Promise<ToastModule> {
  useToasterWanted.setState({ wanted: true });
  toastModule ??= import('react-hot-toast');
  return toastModule;
}

export function notifyError(text: string): void {
  const id = `error:${text}`;
  shownErrors.add(id);
  void loadToast().then((m) => m.default.error(text, { id }));
}

export function notifySuccess(text: string): void {
  dismissErrors();
  void loadToast().then((m) => m.default.success(text, { id: `success:${text}` }));
}

/** Takes every error toast away (a success resolved it, or the visitor left the page). */
export function dismissErrors(): void {
  if (!toastModule || shownErrors.size === 0) return;
  const ids = [...shownErrors];
  shownErrors.clear();
  void toastModule.then((m) => {
    for (const id of ids) m.default.dismiss(id);
  });
}
