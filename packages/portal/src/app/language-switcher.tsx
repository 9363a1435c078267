import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { changeLocale, isLocale } from '../lib/i18n.ts';

/** English / 中文. The choice is stored and sets <html lang>. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        className={className}
        value={i18n.locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void changeLocale(e.target.value);
        }}
      >
        <option value="en" lang="en">
          English
        </option>
        <option value="zh" lang="zh-CN">
          中文
        </option>
      </select>
    </>
  );
}
