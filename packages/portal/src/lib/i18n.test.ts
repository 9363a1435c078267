import { describe, expect, it } from 'vitest';
import { changeLocale, i18n, initialLocale } from './i18n.ts';
import { STORAGE_KEYS } from './storage.ts';

describe('language', () => {
  it('switches to Chinese, stores the choice and sets <html lang>', async () => {
    await changeLocale('zh');
    expect(i18n.locale).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('zh');
    expect(initialLocale()).toBe('zh');
    await changeLocale('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts from the stored choice, else the browser language, else English', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'zh');
    expect(initialLocale()).toBe('zh');
    localStorage.setItem(STORAGE_KEYS.locale, 'fr');
    expect(initialLocale()).toBe(navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en');
  });

  it('keeps the language choice through a logout', async () => {
    const { clearForLogout, writeString } = await import('./storage.ts');
    writeString(STORAGE_KEYS.locale, 'zh');
    writeString(STORAGE_KEYS.token, 't');
    writeString(STORAGE_KEYS.userEmail, 'a@b.co');
    writeString(STORAGE_KEYS.recentSearchedDomains, '["a.com"]');
    writeString(STORAGE_KEYS.registrarUID, 'r1');
    writeString(STORAGE_KEYS.registrarDetail, '{}');
    writeString(STORAGE_KEYS.myProfile, '{}');
    writeString(STORAGE_KEYS.promoCode, 'ABCDEF');
    clearForLogout();
    expect(Object.keys(localStorage).sort()).toEqual(
      ['locale', 'recentSearchedDomains', 'registrarDetail', 'registrarUID', 'userEmail'].sort(),
    );
  });
});
