import { create } from 'zustand';

/**
 * Toasts (react-hot-toast, top-center, 15 s) without putting the toast library in the first load: it is
 * downloaded the first time something is shown, and the shell mounts its <Toaster> from then on.
 */
export const useToasterWanted = create<{ wanted: boolean }>(() => ({ wanted: false }));

type ToastModule = typeof import('react-hot-toast');
let toastModule: Promise<ToastModule> | null = null;

export function loadToast(): Promise<ToastModule> {
  useToasterWanted.setState({ wanted: true });
  toastModule ??= import('react-hot-toast');
  return toastModule;
}

export function notifyError(text: string): void {
  void loadToast().then((m) => m.default.error(text, { id: `error:${text}` }));
}

export function notifySuccess(text: string): void {
  void loadToast().then((m) => m.default.success(text, { id: `success:${text}` }));
}
