import { ProfileForm } from '@domain-broker/shared/schemas/profile';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#portal/test/render.tsx';
import { isPhoneLibraryLoaded, loadPhoneLibrary } from '../lib/phone.ts';
import { useSchemaForm } from '../lib/schema-form.ts';
import { countryOfNumber, formatPhoneInput, PhoneField, switchCountry } from './phone-field.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ data: { country_name: 'United Kingdom', country_code: 'GB' } }), {
      status: 200,
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

type Values = { firstName: string; lastName: string; phone: string; preferredContact: 'Email' };
let api: ReturnType<typeof useSchemaForm<Values>> | null = null;
function Harness({ phone }: { phone: string }) {
  const form = useSchemaForm<Values>(ProfileForm as never, {
    firstName: 'A',
    lastName: '',
    phone,
    preferredContact: 'Email',
  });
  api = form;
  return (
    <PhoneField label="Phone" registration={form.register('phone')} error={form.formState.errors.phone} />
  );
}

const picker = () => screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement;
const number = () => screen.getByLabelText('Phone') as HTMLInputElement;

describe('the phone field', () => {
  it('is a plain number box until the library is loaded, then loads it when the visitor reaches it', async () => {
    expect(isPhoneLibraryLoaded()).toBe(false);
    expect(formatPhoneInput('+14155550100', '')).toBe('+14155550100');
    renderWithApp(<Harness phone="" />);
    expect([...picker().options].map((o) => o.textContent)).toEqual(['+']);
    act(() => number().focus());
    await waitFor(() => expect(picker().value).toBe('GB'));
    expect(isPhoneLibraryLoaded()).toBe(true);
    // the visitor's country, asked once per page load
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/location');
    expect(number().placeholder).toBe('+44');
  });

  it('formats and converts numbers', async () => {
    await loadPhoneLibrary();
    expect(formatPhoneInput('020 7946 0958', 'GB')).toBe('+44 20 7946 0958');
    expect(formatPhoneInput('+14155550100', '')).toBe('+1 415 555 0100');
    expect(formatPhoneInput('', 'GB')).toBe('');
    expect(countryOfNumber('+44 20 7946 0958')).toBe('GB');
    expect(countryOfNumber('+1 4', 'CA')).toBe('CA');
    expect(switchCountry('+44 20 7946 0958', 'GB', 'FR').replace(/\s/g, '')).toBe('+332079460958');
    expect(switchCountry('+1 415 555 0100', 'US', 'CA')).toBe('+1 415 555 0100');
  });

  it('starts at the visitor country (GET /location) when there is no number', async () => {
    renderWithApp(<Harness phone="" />);
    await waitFor(() => expect(picker().value).toBe('GB'));
    expect(number().placeholder).toBe('+44');
  });

  it('follows the number it is given, also after a form reset', async () => {
    renderWithApp(<Harness phone="+14155550100" />);
    await waitFor(() => expect(picker().value).toBe('US'));
    expect(number().value).toBe('+14155550100');
    act(() =>
      api!.reset({ firstName: 'A', lastName: '', phone: '+81 3-1234-5678', preferredContact: 'Email' }),
    );
    await waitFor(() => expect(picker().value).toBe('JP'));
  });

  it('puts the chosen country code before national digits and formats as it goes', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness phone="" />);
    await waitFor(() => expect(picker().value).toBe('GB'));
    await user.type(number(), '020 7946 0958');
    expect(number().value).toBe('+44 20 7946 0958');
    expect(api!.getValues().phone).toBe('+44 20 7946 0958');
    await user.selectOptions(picker(), 'IE');
    expect(number().value.startsWith('+353')).toBe(true);
    expect(api!.formState.isDirty).toBe(true);
  });

  it('lists countries by name with their calling code, in the page language', async () => {
    await loadPhoneLibrary();
    renderWithApp(<Harness phone="" />);
    await waitFor(() => expect(picker().value).toBe('GB'));
    // until the visitor reaches the picker it holds the chosen country alone
    expect([...picker().options].map((o) => o.textContent)).toEqual(['United Kingdom (+44)']);
    act(() => picker().focus());
    const options = [...picker().options].map((o) => o.textContent);
    expect(options).toContain('United Kingdom (+44)');
    expect(options.length).toBeGreaterThan(200);
  });
});
